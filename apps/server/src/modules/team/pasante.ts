import { MSG } from '@bufete/shared';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { EndpointArea } from '../../http/areas';
import { appError, notFound } from '../../http/errors';
import { casoVisible } from '../../http/case-scope';
import { calendarEvents } from '../calendar/schema';
import { documentos } from '../documents/schema';
import { plazosAgendados } from '../plazos/schema';
import { actuaciones } from '../proceedings/schema';
import { tareas } from '../tasks/schema';

/*
 * The pasante (issue 46, docs/decisions/0039): works only on the cases they
 * are responsible for or assigned to. An area check cannot say that, so the
 * pasante reaches an explicit list of endpoints, each with how its rows are
 * kept to their cases:
 *  - 'lista': the endpoint's query keeps to them itself (`soloCasosVisibles`
 *    below, read from the request);
 *  - 'libre': it reads nothing of a case (the terms' rules, the templates);
 *  - { fila }: the `:id` is a row of that table, whose case must be theirs;
 * and on every one, each case the request names (`/casos/:id`, a `caso_id` in
 * the query, the body or the upload's fields, the bulletin's confirmations)
 * must be theirs. `crea`: the request must name one (what a pasante records
 * hangs on one of their cases). Anything else is refused (403), before the
 * body is read; a case or row that is not theirs is 404, like another
 * despacho's.
 */
type Fila = 'documentos' | 'tareas' | 'eventos' | 'actuaciones' | 'plazos';
export type ReglaPasante = { kind: 'lista' } | { kind: 'libre' } | { kind: 'caso' } | { kind: 'fila'; fila: Fila } | { kind: 'crea' };

const lista = { kind: 'lista' } as const;
const libre = { kind: 'libre' } as const;
const caso = { kind: 'caso' } as const;
const crea = { kind: 'crea' } as const;
const fila = (tabla: Fila) => ({ kind: 'fila', fila: tabla }) as const;

export const RUTAS_PASANTE: Record<string, ReglaPasante> = {
  // The despacho's name, time zone and calendar, which every screen reads; the bell keeps to what is theirs.
  'GET /profile': libre,
  'GET /notificaciones': lista,
  'POST /notificaciones/:id/read': lista,
  'POST /notificaciones/read-all': lista,
  'GET /casos': lista,
  'GET /casos/options': lista,
  'GET /casos/:id': caso,
  'GET /casos/:id/counts': caso,
  'GET /casos/:id/historial': caso,
  'GET /casos/:id/partes': caso,
  'GET /casos/:id/escritos': caso,
  'POST /casos/:id/escritos': caso,
  'GET /escritos/plantillas': libre,
  'GET /escritos/plantillas/archivo': libre,
  'GET /documentos': lista,
  'POST /documentos': crea,
  'GET /documentos/:id': fila('documentos'),
  'GET /documentos/:id/file': fila('documentos'),
  'GET /tareas': lista,
  'GET /tareas/anclas': crea,
  'POST /tareas': crea,
  'PUT /tareas/:id': fila('tareas'),
  'PATCH /tareas/:id/hecha': fila('tareas'),
  'DELETE /tareas/:id': fila('tareas'),
  'GET /calendario/eventos': lista,
  'GET /calendario/proximos': lista,
  'POST /calendario/eventos': crea,
  'PUT /calendario/eventos/:id': fila('eventos'),
  'DELETE /calendario/eventos/:id': fila('eventos'),
  'POST /boletines/revision': lista,
  'POST /boletines/revision/archivo': lista,
  'POST /boletines/confirmacion': crea,
  // The followed bulletins, and this morning's read: its matches kept to their cases.
  'GET /boletines/fuentes': libre,
  'GET /boletines/recibidos': lista,
  'GET /actuaciones': lista,
  'POST /actuaciones': crea,
  'PUT /actuaciones/:id': fila('actuaciones'),
  'DELETE /actuaciones/:id': fila('actuaciones'),
  'GET /plazos/calculate': libre,
  'GET /plazos/reglas': libre,
  'GET /plazos/efectos': libre,
  'GET /plazos/calendarios': libre,
  'POST /plazos/schedule': crea,
  'POST /plazos/agendados/:id/move': fila('plazos'),
  'POST /plazos/agendados/:id/review': fila('plazos'),
};

const TABLAS = {
  documentos: { id: documentos.id, userId: documentos.userId, casoId: documentos.casoId },
  tareas: { id: tareas.id, userId: tareas.userId, casoId: tareas.casoId },
  eventos: { id: calendarEvents.id, userId: calendarEvents.userId, casoId: calendarEvents.casoId },
  actuaciones: { id: actuaciones.id, userId: actuaciones.userId, casoId: actuaciones.casoId },
  plazos: { id: plazosAgendados.id, userId: plazosAgendados.userId, casoId: plazosAgendados.casoId },
} satisfies Record<Fila, { id: AnyPgColumn; userId: AnyPgColumn; casoId: AnyPgColumn }>;

/** Every case a request names: in its path (/casos/:id), its query, its body or its upload's fields. */
function casosNombrados(path: string, params: Record<string, string>, ...payloads: unknown[]): string[] {
  const found: string[] = [];
  if (path.startsWith('/casos/:id') && params.id) found.push(params.id);
  for (const payload of payloads) {
    if (!payload || typeof payload !== 'object') continue;
    const record = payload as { caso_id?: unknown; actuaciones?: unknown };
    if (typeof record.caso_id === 'string') found.push(record.caso_id.toLowerCase());
    if (Array.isArray(record.actuaciones))
      for (const item of record.actuaciones as { caso_id?: unknown }[]) if (typeof item?.caso_id === 'string') found.push(item.caso_id.toLowerCase());
  }
  return found;
}

/** `casosDeLaPersona`: the cases a person works on (modules/cases). */
export function createPasanteAccess(db: Database, deps: { casosDeLaPersona: (despachoId: string, personaId: string) => Promise<string[]> }) {
  return {
    casosDeLaPersona: deps.casosDeLaPersona,

    /** The endpoint's rule for a pasante; 403 when they do not reach it at all. */
    regla(method: string, path: string, area: EndpointArea | null): ReglaPasante {
      // Their own password, second factor and sessions, and the despachos they belong to.
      if (area === 'persona') return libre;
      const regla = RUTAS_PASANTE[`${method} ${path}`];
      if (!regla) throw appError('FORBIDDEN_ROLE', MSG.equipo.sinPermiso('esta función'));
      return regla;
    },

    /**
     * Checks a pasante's request once its parameters and body are read: each
     * case it names is theirs, the row it acts on hangs on one, and what it
     * creates names one. 404 for what is not theirs, as for another despacho's.
     */
    async comprobar(regla: ReglaPasante, despachoId: string, path: string, params: Record<string, string>, ...payloads: unknown[]): Promise<void> {
      const nombrados = casosNombrados(path, params, ...payloads);
      if (nombrados.some((id) => !casoVisible(id))) throw notFound();
      if (regla.kind === 'crea' && nombrados.length === 0) throw appError('FORBIDDEN_ROLE', MSG.equipo.soloSusCasos);
      if (regla.kind === 'fila') {
        const tabla = TABLAS[regla.fila];
        const [row] = await db
          .select({ casoId: tabla.casoId })
          .from(tablaDe(regla.fila))
          .where(and(eq(tabla.id, params.id!), eq(tabla.userId, despachoId)))
          .limit(1);
        if (!row || !casoVisible(row.casoId as string | null)) throw notFound();
      }
    },
  };
}
export type PasanteAccess = ReturnType<typeof createPasanteAccess>;

function tablaDe(fila: Fila) {
  return { documentos, tareas, eventos: calendarEvents, actuaciones, plazos: plazosAgendados }[fila];
}
