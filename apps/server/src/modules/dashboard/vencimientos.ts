import { type CasoEstado, DEFAULT_TIME_ZONE, type DashboardSummary, diaMx, type VencimientoTipo } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';

type Row = {
  tipo: VencimientoTipo;
  id: string;
  titulo: string;
  fecha: string;
  hora: string | null;
  caso_id: string | null;
  caso_titulo: string | null;
  cliente: string | null;
  estado: string | null;
};

/**
 * 'Próximos vencimientos' (a read model): open cases' due dates (overdue
 * first), scheduled plazos from today on, hearings not yet over, and the
 * pending tasks due today or before (issue 36), nearest first. Each branch walks its own index in order and stops at `limit`; dates
 * and times are the lawyer's (their time zone, read in the same statement).
 */
export async function upcomingDeadlines(db: Database, userId: string, limit: number): Promise<DashboardSummary['vencimientos']> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with zona as (select coalesce((select zona_horaria from profiles where id = ${userId}), ${DEFAULT_TIME_ZONE}) as tz)
      select * from (
        (select 'caso' as tipo, c.id::text as id, c.titulo, c.fecha_vencimiento::text as fecha, null::text as hora,
                null::text as caso_id, null::text as caso_titulo, cl.nombre as cliente, c.estado
           from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
          where c.user_id = ${userId} and c.fecha_vencimiento is not null and c.estado <> 'Cerrado'
          order by c.fecha_vencimiento, c.id limit ${limit})
        union all
        (select 'plazo', p.id::text, p.descripcion, p.vence::text, null, c.id::text, c.titulo, cl.nombre, null
           from plazos_agendados p
           left join casos c on c.id = p.caso_id and c.user_id = p.user_id
           left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
          where p.user_id = ${userId} and p.vence >= (now() at time zone (select tz from zona))::date
          order by p.vence, p.id limit ${limit})
        union all
        (select 'audiencia', e.id::text, e.titulo, (e.fecha_inicio at time zone (select tz from zona))::date::text,
                to_char(e.fecha_inicio at time zone (select tz from zona), 'HH24:MI'), c.id::text, c.titulo, cl.nombre, null
           from calendar_events e
           left join casos c on c.id = e.caso_id and c.user_id = e.user_id
           left join clientes cl on cl.id = coalesce(e.cliente_id, c.cliente_id) and cl.user_id = e.user_id
          where e.user_id = ${userId} and e.audiencia and e.fecha_fin >= now()
          order by e.fecha_inicio, e.id limit ${limit})
        union all
        (select 'tarea', t.id::text, t.titulo, t.vence::text, null, c.id::text, c.titulo, cl.nombre, null
           from tareas t
           left join casos c on c.id = t.caso_id and c.user_id = t.user_id
           left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
          where t.user_id = ${userId} and not t.hecha and t.vence <= (now() at time zone (select tz from zona))::date
          order by t.vence, t.id limit ${limit})
      ) as todos
      order by fecha, hora nulls first, tipo, id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    tipo: row.tipo,
    id: row.id,
    titulo: row.titulo,
    fecha: row.fecha,
    hora: row.hora,
    caso: row.caso_id && row.caso_titulo !== null ? { id: row.caso_id, titulo: row.caso_titulo } : null,
    cliente: row.cliente === null ? null : { nombre: row.cliente },
    estado: row.estado as CasoEstado | null,
  }));
}

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
