import { diaMx, type VencimientoTipo } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';

export const DEADLINE_NOTICES_JOB = 'dashboard.vencimientos';

/**
 * Hourly: what falls due today or tomorrow on each lawyer's clock (a case's
 * due date, a scheduled plazo, a hearing) is told in the bell, once for
 * 'mañana' and once for 'hoy'; a pending task, once on the day it is due.
 */
export function registerDeadlineNotices(db: Database, queue: JobQueue, notify: (userId: string, notice: Notice) => Promise<void>) {
  queue.register(DEADLINE_NOTICES_JOB, {
    maxAttempts: 1,
    async handle() {
      const rows = rowsOf<{
        user_id: string;
        tipo: VencimientoTipo;
        id: string;
        titulo: string;
        fecha: string;
        hora: string | null;
        cuando: 'hoy' | 'mañana';
        caso_id: string | null;
      }>(
        await db.execute(sql`
          with hoy as (select p.id as user_id, (now() at time zone p.zona_horaria)::date as dia, p.zona_horaria as tz from profiles p)
          select * from (
            select c.user_id, 'caso' as tipo, c.id::text as id, c.titulo, c.fecha_vencimiento::text as fecha, null::text as hora,
                   case when c.fecha_vencimiento = h.dia then 'hoy' else 'mañana' end as cuando, c.id::text as caso_id
              from casos c join hoy h on h.user_id = c.user_id
             where c.estado <> 'Cerrado' and c.fecha_vencimiento in (h.dia, h.dia + 1)
            union all
            select p.user_id, 'plazo', p.id::text, p.descripcion, p.vence::text, null,
                   case when p.vence = h.dia then 'hoy' else 'mañana' end, p.caso_id::text
              from plazos_agendados p join hoy h on h.user_id = p.user_id
             where p.vence in (h.dia, h.dia + 1)
            union all
            select e.user_id, 'audiencia', e.id::text, e.titulo, (e.fecha_inicio at time zone h.tz)::date::text, to_char(e.fecha_inicio at time zone h.tz, 'HH24:MI'),
                   case when (e.fecha_inicio at time zone h.tz)::date = h.dia then 'hoy' else 'mañana' end, e.caso_id::text
              from calendar_events e join hoy h on h.user_id = e.user_id
             where e.audiencia and e.fecha_inicio >= now() and (e.fecha_inicio at time zone h.tz)::date in (h.dia, h.dia + 1)
            union all
            select t.user_id, 'tarea', t.id::text, t.titulo, t.vence::text, null, 'hoy', t.caso_id::text
              from tareas t join hoy h on h.user_id = t.user_id
             where not t.hecha and t.vence = h.dia
          ) as proximos
          limit 5000`),
      );
      for (const row of rows) {
        const what = row.tipo === 'audiencia' ? `Audiencia ${row.cuando}${row.hora ? ` a las ${row.hora}` : ''}` : row.tipo === 'tarea' ? 'Tarea para hoy' : `Vence ${row.cuando}`;
        await notify(row.user_id, {
          tipo: 'vencimiento',
          titulo: `${what}: ${row.titulo}`.slice(0, 200),
          detalle: `${{ caso: 'Vencimiento del caso', plazo: 'Plazo agendado', audiencia: 'Audiencia', tarea: 'Tarea' }[row.tipo]} · ${diaMx(row.fecha)}`,
          enlace: row.tipo === 'tarea' ? (row.caso_id ? `/casos/${row.caso_id}?tab=tareas` : '/tareas?vista=hoy') : row.caso_id ? `/casos/${row.caso_id}` : '/calendario',
          clave: `vencimiento:${row.tipo}:${row.id}:${row.fecha}:${row.cuando}`,
        });
      }
    },
  });
  queue.every(DEADLINE_NOTICES_JOB, 60 * 60_000);
}
