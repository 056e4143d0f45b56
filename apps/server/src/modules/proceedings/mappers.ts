import type { Actuacion } from '@bufete/shared';
import type { ActuacionRow } from './queries';

export function toActuacion(row: ActuacionRow): Actuacion {
  return {
    id: row.id,
    caso: { id: row.casoId, titulo: row.casoTitulo },
    fecha_publicacion: row.fechaPublicacion,
    fecha_efectos: row.fechaEfectos,
    tipo: row.tipo,
    texto: row.texto,
    origen: row.origen,
    fuente: row.fuente,
    visible_cliente: row.visibleCliente,
    documentos: row.documentos,
    plazos: row.plazos,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
