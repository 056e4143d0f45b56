import type { Etiqueta, Nota, RichTextNode } from '@bufete/shared';
import { jsonOf } from '../../db/client';

/** A note as read, with its case's title, its client's name and its tags. */
export interface NotaRow {
  id: string;
  titulo: string;
  contenido: RichTextNode;
  contenidoTexto: string;
  casoId: string | null;
  clienteId: string | null;
  isFavorita: boolean;
  privada: boolean;
  /** Instants as ISO text. */
  createdAt: string;
  updatedAt: string;
  casoTitulo: string | null;
  clienteNombre: string | null;
  tags: Etiqueta[];
}

/** A note as the contract sends it. */
export function toNota(row: NotaRow): Nota {
  return {
    id: row.id,
    titulo: row.titulo,
    contenido: row.contenido,
    contenido_texto: row.contenidoTexto,
    caso_id: row.casoId,
    cliente_id: row.clienteId,
    is_favorita: row.isFavorita,
    privada: row.privada,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    caso: row.casoId && row.casoTitulo !== null ? { id: row.casoId, titulo: row.casoTitulo } : null,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre } : null,
    etiquetas: jsonOf<Etiqueta[]>(row.tags),
  };
}
