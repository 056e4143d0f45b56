import type { Imagen } from '@bufete/shared';
import type { imagenes } from './schema';

export type ImagenRow = typeof imagenes.$inferSelect;

/** An image as the contract sends it. */
export function toImagen(row: ImagenRow): Imagen {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo,
    tamaño: row.tamano,
    url: `/api/imagenes/${row.id}/file`,
    caso_id: row.casoId,
    nota_id: row.notaId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
