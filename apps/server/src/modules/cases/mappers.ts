import type { Caso, CasoEstado, CasoPrioridad, Materia } from '@bufete/shared';

/** A case as read, with its client's name and email (times already ISO text: db/columns.ts). */
export type CasoRow = {
  id: string;
  titulo: string;
  descripcion: string | null;
  estado: CasoEstado;
  prioridad: CasoPrioridad;
  clienteId: string | null;
  fechaVencimiento: string | null;
  expediente: string | null;
  juzgado: string | null;
  secretaria: string | null;
  materia: Materia | null;
  createdAt: string;
  updatedAt: string;
  clienteNombre: string | null;
  clienteEmail: string | null;
  responsableId: string | null;
  responsableNombre: string | null;
  asignados: { id: string; nombre: string }[];
};

/** A case as the contract sends it. */
export function toCaso(row: CasoRow): Caso {
  return {
    id: row.id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    estado: row.estado,
    prioridad: row.prioridad,
    cliente_id: row.clienteId,
    fecha_vencimiento: row.fechaVencimiento,
    expediente: row.expediente,
    juzgado: row.juzgado,
    secretaria: row.secretaria,
    materia: row.materia,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre, email: row.clienteEmail } : null,
    responsable: row.responsableId && row.responsableNombre !== null ? { id: row.responsableId, nombre: row.responsableNombre } : null,
    asignados: row.asignados,
  };
}
