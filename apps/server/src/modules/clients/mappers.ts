import type { Cliente } from '@bufete/shared';
import type { clientes } from './schema';

type Row = typeof clientes.$inferSelect;
/** A stored row, or a row of the list (times already ISO text: db/columns.ts). */
type ClienteRow = Omit<Row, 'userId' | 'busquedaTexto' | 'nombreBusqueda' | 'createdAt' | 'updatedAt' | 'datosEliminadosAt'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
  datosEliminadosAt: Date | string | null;
};

const iso = (instant: Date | string) => (typeof instant === 'string' ? instant : instant.toISOString());

export function toCliente(row: ClienteRow): Cliente {
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono,
    empresa: row.empresa,
    direccion: row.direccion,
    rfc: row.rfc,
    razon_social: row.razonSocial,
    regimen_fiscal: row.regimenFiscal,
    codigo_postal: row.codigoPostal,
    uso_cfdi: row.usoCfdi,
    publico_en_general: row.publicoEnGeneral,
    datos_eliminados: row.datosEliminadosAt === null ? null : iso(row.datosEliminadosAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
