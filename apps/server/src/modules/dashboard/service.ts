import { type CasoEstado, DEFAULT_TIME_ZONE, type DashboardSummary, LIMITS, type VencimientoTipo } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, jsonOf } from '../../db/client';

type Recent = { id: string; titulo: string; estado: CasoEstado; created_at: string; cliente: string | null };
type Due = {
  tipo: VencimientoTipo;
  id: string;
  titulo: string;
  fecha: string;
  hora: string | null;
  caso_id: string | null;
  caso_titulo: string | null;
  cliente: string | null;
  estado: CasoEstado | null;
};
type Row = {
  casos: number | null;
  activos: number | null;
  clientes: number | null;
  documentos: number | null;
  recientes: Recent[] | string;
  vencimientos: Due[] | string;
  hoy: string;
};

/**
 * A read model: the dashboard only reads other modules' tables (the kept
 * counts, the recent cases, the nearest deadlines, the lawyer's day); it never
 * writes to them. It is ONE prepared statement, one round trip: four
 * statements sent at once cost four socket writes and four replies to parse,
 * and on a 2-core machine the writes are what a request's CPU goes to
 * (bench/README.md, issue 45). Each part reads a handful of index entries
 * whatever the practice's size: the counts are one row kept by triggers
 * (schema.ts); the recent cases and each kind of deadline walk an index in
 * their order and stop at five; the two lists come back as JSON of five rows.
 */
export function createDashboardService(db: Database) {
  const userId = sql`${sql.placeholder('userId')}`;
  const recent = LIMITS.dashboardRecentCases;
  const due = LIMITS.dashboardDueCases;
  // The lawyer's clock, as the profile service reads it (profiles.timeZoneOf).
  const tz = sql`(select coalesce((select zona_horaria from profiles where id = ${userId}), ${DEFAULT_TIME_ZONE}))`;
  const today = sql`(now() at time zone ${tz})::date`;
  const statement = db
    .select({
      casos: sql<number | null>`k.casos`,
      activos: sql<number | null>`k.casos_activos`,
      clientes: sql<number | null>`k.clientes`,
      documentos: sql<number | null>`k.documentos`,
      recientes: sql<Recent[] | string>`(select coalesce(json_agg(r), '[]'::json) from (
          select c.id, c.titulo, c.estado, to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, cl.nombre as cliente
            from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
           where c.user_id = ${userId}
           order by c.created_at desc, c.id desc limit ${sql.raw(String(recent))}) r)`,
      // 'Próximos vencimientos': open cases' due dates (overdue first), scheduled
      // plazos from today on, hearings not yet over, and the pending tasks due
      // today or before (issue 36), nearest first; dates and times the lawyer's.
      vencimientos: sql<Due[] | string>`(select coalesce(json_agg(v order by v.fecha, v.hora nulls first, v.tipo, v.id), '[]'::json) from (
        select * from (
          (select 'caso' as tipo, c.id::text as id, c.titulo, c.fecha_vencimiento::text as fecha, null::text as hora,
                  null::text as caso_id, null::text as caso_titulo, cl.nombre as cliente, c.estado
             from casos c left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
            where c.user_id = ${userId} and c.fecha_vencimiento is not null and c.estado <> 'Cerrado'
            order by c.fecha_vencimiento, c.id limit ${sql.raw(String(due))})
          union all
          (select 'plazo', p.id::text, p.descripcion, p.vence::text, null, c.id::text, c.titulo, cl.nombre, null
             from plazos_agendados p
             left join casos c on c.id = p.caso_id and c.user_id = p.user_id
             left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
            where p.user_id = ${userId} and p.vence >= ${today}
            order by p.vence, p.id limit ${sql.raw(String(due))})
          union all
          (select 'audiencia', e.id::text, e.titulo, (e.fecha_inicio at time zone ${tz})::date::text,
                  to_char(e.fecha_inicio at time zone ${tz}, 'HH24:MI'), c.id::text, c.titulo, cl.nombre, null
             from calendar_events e
             left join casos c on c.id = e.caso_id and c.user_id = e.user_id
             left join clientes cl on cl.id = coalesce(e.cliente_id, c.cliente_id) and cl.user_id = e.user_id
            where e.user_id = ${userId} and e.audiencia and e.fecha_fin >= now()
            order by e.fecha_inicio, e.id limit ${sql.raw(String(due))})
          union all
          (select 'tarea', t.id::text, t.titulo, t.vence::text, null, c.id::text, c.titulo, cl.nombre, null
             from tareas t
             left join casos c on c.id = t.caso_id and c.user_id = t.user_id
             left join clientes cl on cl.id = c.cliente_id and cl.user_id = c.user_id
            where t.user_id = ${userId} and not t.hecha and t.vence <= ${today}
            order by t.vence, t.id limit ${sql.raw(String(due))})
        ) as todos
        order by fecha, hora nulls first, tipo, id
        limit ${sql.raw(String(due))}) v)`,
      hoy: sql<string>`${today}::text`,
    })
    .from(sql`(select 1) as one left join conteos_practica k on k.user_id = ${userId}`)
    .prepare('dashboard_resumen');

  return {
    async summary(user: string): Promise<DashboardSummary> {
      const [row] = (await statement.execute({ userId: user })) as Row[];
      const stats = row!;
      const recientes = jsonOf(stats.recientes);
      const vencimientos = jsonOf(stats.vencimientos);
      return {
        stats: {
          total_casos: stats.casos ?? 0,
          casos_activos: stats.activos ?? 0,
          clientes: stats.clientes ?? 0,
          documentos: stats.documentos ?? 0,
        },
        recientes: recientes.map((caso) => ({
          id: caso.id,
          titulo: caso.titulo,
          estado: caso.estado,
          created_at: caso.created_at,
          cliente: caso.cliente === null ? null : { nombre: caso.cliente },
        })),
        vencimientos: vencimientos.map((item) => ({
          tipo: item.tipo,
          id: item.id,
          titulo: item.titulo,
          fecha: item.fecha,
          hora: item.hora,
          caso: item.caso_id && item.caso_titulo !== null ? { id: item.caso_id, titulo: item.caso_titulo } : null,
          cliente: item.cliente === null ? null : { nombre: item.cliente },
          estado: item.estado,
        })),
        hoy: stats.hoy,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
