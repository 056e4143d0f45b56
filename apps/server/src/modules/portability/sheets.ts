import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { type Database, rowsOf } from '../../db/client';
import { csvSafe } from '../../files/csv-safe';

/**
 * The CSV sheets of a full export (casos, clientes, tiempo, citas; facturas
 * comes from the invoices module): what a spreadsheet shows, in Spanish, with
 * names instead of ids, days as dd/mm/aaaa and times in the lawyer's zone.
 * UTF-8 with BOM and CRLF, like 'Exportar CSV' of invoices, so Excel in
 * Spanish keeps the accents; read page by page, so a sheet of 100,000 rows
 * never sits in memory whole.
 */
interface Sheet {
  archivo: string;
  columnas: string[];
  /** One page of rows after `after` (the last id of the previous page), in id order: each row's `id` and its cells as `v`. */
  page(userId: string, zona: string, after: string | null, limit: number): SQL;
}

const afterId = (column: SQL, after: string | null) => (after ? sql` and ${column} > ${after}` : sql``);
/** A person's name as their profile says it (their account's name until they fill it). */
const personName = (id: SQL) =>
  sql`(select coalesce(nullif(trim(concat_ws(' ', pp.nombre, pp.apellido)), ''), pu.name) from users pu left join profiles pp on pp.id = pu.id where pu.id = ${id})`;

export const SHEETS: Sheet[] = [
  {
    archivo: 'casos.csv',
    columnas: ['Título', 'Cliente', 'Estado', 'Prioridad', 'Materia', 'Expediente', 'Juzgado o autoridad', 'Partes', 'Fecha de vencimiento', 'Creado', 'Responsable', 'Asignados'],
    page: (userId, zona, after, limit) => sql`
      select c.id, json_build_array(c.titulo, coalesce(cl.nombre, ''), c.estado, c.prioridad, coalesce(c.materia, ''), coalesce(c.expediente, ''), coalesce(c.juzgado, ''), coalesce(replace(c.partes_texto, E'\n', '; '), ''),
             coalesce(to_char(c.fecha_vencimiento, 'DD/MM/YYYY'), ''), to_char(c.created_at at time zone ${zona}, 'DD/MM/YYYY'),
             coalesce(${personName(sql`c.responsable_id`)}, ''),
             coalesce((select string_agg(${personName(sql`a.persona_id`)}, '; ' order by a.created_at) from caso_asignados a where a.caso_id = c.id), '')) as v
      from casos c left join clientes cl on cl.id = c.cliente_id
      where c.user_id = ${userId}${afterId(sql`c.id`, after)} order by c.id limit ${limit}`,
  },
  {
    // The despacho's people and their roles (issue 46): who they are, never their passwords or second factors.
    archivo: 'equipo.csv',
    columnas: ['Nombre', 'Email', 'Rol', 'Puede facturar', 'Desde'],
    page: (userId, zona, after, limit) => sql`
      select id, v from (
        select u.id, json_build_array(${personName(sql`u.id`)}, u.email, 'Titular'::text, 'Sí'::text, to_char(u.created_at at time zone ${zona}, 'DD/MM/YYYY')) as v
          from users u where u.id = ${userId}
        union all
        select u.id, json_build_array(${personName(sql`u.id`)}, u.email,
               case m.rol when 'asociado' then 'Abogado asociado' when 'pasante' then 'Pasante' else 'Asistente' end,
               case when m.facturacion and m.rol <> 'pasante' then 'Sí' else 'No' end, to_char(m.created_at at time zone ${zona}, 'DD/MM/YYYY'))
          from despacho_miembros m join users u on u.id = m.user_id where m.despacho_id = ${userId}) equipo
      where true${afterId(sql`id`, after)} order by id limit ${limit}`,
  },
  {
    archivo: 'clientes.csv',
    columnas: ['Nombre', 'Email', 'Teléfono', 'Empresa', 'Dirección', 'RFC', 'Razón social', 'Régimen fiscal', 'Código postal', 'Uso del CFDI', 'Creado'],
    page: (userId, zona, after, limit) => sql`
      select id, json_build_array(nombre, coalesce(email, ''), coalesce(telefono, ''), coalesce(empresa, ''), coalesce(direccion, ''), coalesce(rfc, ''), coalesce(razon_social, ''),
             coalesce(regimen_fiscal, ''), coalesce(codigo_postal, ''), coalesce(uso_cfdi, ''), to_char(created_at at time zone ${zona}, 'DD/MM/YYYY')) as v
      from clientes where user_id = ${userId}${afterId(sql`id`, after)} order by id limit ${limit}`,
  },
  {
    archivo: 'tiempo.csv',
    columnas: ['Fecha', 'Caso', 'Cliente', 'Descripción', 'Horas', 'Tarifa por hora', 'Importe', 'Factura'],
    page: (userId, _zona, after, limit) => sql`
      select t.id, json_build_array(to_char(t.fecha, 'DD/MM/YYYY'), coalesce(c.titulo, ''), coalesce(cl.nombre, ''), t.descripcion, to_char(t.centihoras / 100.0, 'FM999999990.00'),
             coalesce(t.tarifa_por_hora::text, ''), coalesce(round(t.centihoras * t.tarifa_por_hora / 100, 2)::text, ''), coalesce(f.numero_factura, '')) as v
      from tiempo_entradas t left join casos c on c.id = t.caso_id left join clientes cl on cl.id = t.cliente_id left join facturas f on f.id = t.factura_id
      where t.user_id = ${userId}${afterId(sql`t.id`, after)} order by t.id limit ${limit}`,
  },
  {
    archivo: 'citas.csv',
    columnas: ['Título', 'Inicio', 'Fin', 'Audiencia', 'Ubicación', 'Caso', 'Cliente', 'Descripción', 'Origen'],
    page: (userId, zona, after, limit) => sql`
      select e.id, json_build_array(e.titulo, to_char(e.fecha_inicio at time zone ${zona}, 'DD/MM/YYYY HH24:MI'), to_char(e.fecha_fin at time zone ${zona}, 'DD/MM/YYYY HH24:MI'),
             case when e.audiencia then 'Sí' else 'No' end, coalesce(e.ubicacion, ''), coalesce(c.titulo, ''), coalesce(cl.nombre, ''), coalesce(e.descripcion, ''),
             case when e.origen = 'google' then 'Google Calendar' else 'Bufete' end) as v
      from calendar_events e left join casos c on c.id = e.caso_id left join clientes cl on cl.id = e.cliente_id
      where e.user_id = ${userId}${afterId(sql`e.id`, after)} order by e.id limit ${limit}`,
  },
];

/** A sheet's bytes, page by page: the header with the BOM first. */
export async function* sheetChunks(db: Database, sheet: Sheet, userId: string, zona: string, pageSize = 250): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${stringify([sheet.columnas], { record_delimiter: '\r\n' })}`, 'utf8');
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; v: unknown[] | string }[] = rowsOf(await db.execute(sheet.page(userId, zona, after, pageSize)));
    if (rows.length === 0) return;
    const records = rows.map(({ v }) => (typeof v === 'string' ? (JSON.parse(v) as unknown[]) : v).map((value) => csvSafe(String(value ?? ''))));
    after = rows[rows.length - 1]!.id;
    yield Buffer.from(stringify(records, { record_delimiter: '\r\n' }), 'utf8');
    if (rows.length < pageSize) return;
  }
}
