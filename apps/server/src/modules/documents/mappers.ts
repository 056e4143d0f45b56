import type { Documento } from '@bufete/shared';

/** A document as listed, with its case's title and its client's name. */
export interface ListRow {
  id: string;
  nombre: string;
  tipo: string;
  tamano: number;
  casoId: string | null;
  clienteId: string | null;
  /** Instants as ISO text. */
  createdAt: string;
  extraccion: 'pendiente' | 'lista' | null;
  visibleCliente: boolean;
  recibidoClienteAt: string | null;
  revisadoAt: string | null;
  casoTitulo: string | null;
  clienteNombre: string | null;
}

/** A document as the contract sends it (`contenido` only for the one opened). */
export function toDocumento(row: ListRow, contenido?: string | null): Documento {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo,
    tamaño: row.tamano,
    url: `/api/documentos/${row.id}/file`,
    caso_id: row.casoId,
    cliente_id: row.clienteId,
    created_at: row.createdAt,
    leyendo_texto: row.extraccion === 'pendiente',
    visible_cliente: row.visibleCliente,
    recibido_cliente: row.recibidoClienteAt !== null,
    por_revisar: row.recibidoClienteAt !== null && row.revisadoAt === null,
    caso: row.casoId && row.casoTitulo !== null ? { id: row.casoId, titulo: row.casoTitulo } : null,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre } : null,
    ...(contenido !== undefined ? { contenido } : {}),
  };
}
