import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import type { Bucket } from '../../storage';

/**
 * What of an account its export holds and its import restores: one entry per
 * table, in the order an import inserts them (a row after the rows it points
 * to). Each row is written as the table stores it, with the API's snake_case
 * field names, without the owner (the importing account becomes it) and
 * without what the database derives (search columns, which it rebuilds).
 *
 * Left out on purpose, and checked by a test so a new table is not forgotten:
 * sign-in secrets and sessions (users, sessions, accounts, two_factors,
 * known devices), the CSD and the lawyer's PAC account (their secrets are sealed with this installation's
 * secret: the lawyer enters them again), the Google connection and the
 * calendar's private link (tokens to be issued again), counters and caches
 * the database keeps (storage use, the dashboard's counts, AI quotas, rate
 * limits), the bell's notifications and the queue's jobs.
 */
export interface TableSpec {
  tabla: string;
  /** Its file in the zip: the area's Spanish name. */
  archivo: string;
  /** Its rows of one lawyer: by their own owner column, or by a parent's (`nota_tags` by their note's). */
  owner: { column: 'user_id' | 'id' } | { parent: string; via: string };
  /** The key rows are paged and told apart by. */
  key: string[];
  /**
   * Columns holding the id of a record of this export (its own id, links to
   * others): an import gives each record a new id of its own, the same every
   * time for the same account, and rewrites every link to it.
   */
  ids: string[];
  /**
   * Of `ids`, the columns that may name what the export does not hold (the
   * history's record ids, a plazo's appointments: no foreign key), kept
   * as they are. In every other link column, an id the export does not hold
   * is dropped on import: a zip made by hand cannot link a record to another
   * lawyer's.
   */
  loose?: string[];
  /** A stored file per row, under its case's folder in the zip. */
  file?: { bucket: Bucket };
  /**
   * One row per lawyer: an import meets the account's own row. 'fill' (the
   * profile) writes only what the account has left empty, never its
   * `identity` columns; 'greatest' (the invoice counter) keeps the larger.
   */
  single?: 'fill' | 'greatest';
  /** Columns an import never writes over (the account's own name). */
  identity?: string[];
  /** How the import's preview and summary name the area ('Casos'); link tables have none. */
  etiqueta?: string;
  /** Columns not exported (besides the owner and the derived ones). */
  omit?: string[];
  /** Tables whose primary key the database generates (the history): an import tells repeated rows apart by their content. */
  generatedKey?: boolean;
}

export const EXPORTED_TABLES: TableSpec[] = [
  // The profile keeps its fiscal data and preferences; the avatar is left to be chosen again. An import never
  // renames the account (whose name greets the lawyer), and fills only the fiscal data and rate it has not set.
  { tabla: 'profiles', archivo: 'perfil', owner: { column: 'id' }, key: ['id'], ids: [], single: 'fill', identity: ['nombre', 'apellido'], omit: ['avatar_url'] },
  { tabla: 'clientes', archivo: 'clientes', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Clientes' },
  { tabla: 'casos', archivo: 'casos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'cliente_id'], etiqueta: 'Casos' },
  { tabla: 'tags', archivo: 'etiquetas', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Etiquetas' },
  {
    tabla: 'documentos',
    archivo: 'documentos',
    owner: { column: 'user_id' },
    key: ['id'],
    ids: ['id', 'caso_id', 'cliente_id'],
    file: { bucket: 'documentos' },
    etiqueta: 'Documentos',
  },
  { tabla: 'notas', archivo: 'notas', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'cliente_id'], etiqueta: 'Notas' },
  { tabla: 'nota_tags', archivo: 'notas-etiquetas', owner: { parent: 'notas', via: 'nota_id' }, key: ['nota_id', 'tag_id'], ids: ['nota_id', 'tag_id'] },
  { tabla: 'imagenes', archivo: 'imagenes', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'nota_id'], file: { bucket: 'imagenes' }, etiqueta: 'Imágenes' },
  { tabla: 'calendar_events', archivo: 'citas', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'cliente_id'], etiqueta: 'Citas' },
  { tabla: 'event_tags', archivo: 'citas-etiquetas', owner: { column: 'user_id' }, key: ['event_id', 'tag_id'], ids: ['event_id', 'tag_id'] },
  { tabla: 'facturas', archivo: 'facturas', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'cliente_id'], etiqueta: 'Facturas' },
  { tabla: 'facturas_folios', archivo: 'facturas-folios', owner: { column: 'user_id' }, key: ['user_id'], ids: [], single: 'greatest' },
  { tabla: 'pagos', archivo: 'pagos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'factura_id'], etiqueta: 'Pagos' },
  { tabla: 'facturas_cfdi', archivo: 'cfdi', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'factura_id', 'pago_id'], etiqueta: 'CFDI timbrados' },
  { tabla: 'email_reminders', archivo: 'correos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'cliente_id'], etiqueta: 'Correos a clientes' },
  { tabla: 'tiempo_entradas', archivo: 'tiempo', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'caso_id', 'cliente_id', 'factura_id'], etiqueta: 'Entradas de tiempo' },
  { tabla: 'plazo_calendarios', archivo: 'plazos-calendarios', owner: { column: 'user_id' }, key: ['id'], ids: ['id'], etiqueta: 'Calendarios de plazos' },
  { tabla: 'plazo_dias_inhabiles', archivo: 'plazos-dias-inhabiles', owner: { parent: 'plazo_calendarios', via: 'calendario_id' }, key: ['id'], ids: ['id', 'calendario_id'] },
  {
    tabla: 'plazos_agendados',
    archivo: 'plazos',
    owner: { column: 'user_id' },
    key: ['id'],
    ids: ['id', 'calendario_id', 'caso_id', 'evento_id', 'aviso_id'],
    loose: ['caso_id', 'evento_id', 'aviso_id'],
    etiqueta: 'Plazos agendados',
  },
  {
    tabla: 'ai_chat_sessions',
    archivo: 'asistente-conversaciones',
    owner: { column: 'user_id' },
    key: ['id'],
    ids: ['id', 'context_case_id'],
    etiqueta: 'Conversaciones del asistente',
  },
  { tabla: 'ai_chat_messages', archivo: 'asistente-mensajes', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'session_id'] },
  { tabla: 'ai_chat_files', archivo: 'asistente-adjuntos', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'session_id'], file: { bucket: 'documentos' } },
  {
    tabla: 'historial',
    archivo: 'historial',
    owner: { column: 'user_id' },
    key: ['id'],
    ids: ['entidad_id', 'caso_id'],
    loose: ['entidad_id', 'caso_id'],
    omit: ['id'],
    generatedKey: true,
    etiqueta: 'Registros de actividad',
  },
];

/** Tables with a lawyer's rows that an export leaves out, and why (see above). */
export const NOT_EXPORTED_TABLES = [
  'users',
  'sessions',
  'accounts',
  'verifications',
  'two_factors',
  'dispositivos_conocidos',
  'sign_in_failures',
  'cuentas_cierre',
  'cfdi_csd',
  'cfdi_pac',
  'google_calendar_tokens',
  'google_deletions',
  'oauth_states',
  'calendar_settings',
  'event_reminders_sent',
  'storage_usage',
  'conteos_practica',
  'ai_usage_limits',
  'rate_limits',
  'notificaciones',
  'notificaciones_resumenes',
  'tiempo_temporizadores',
  'jobs',
  'portabilidad',
];

export interface TableColumns {
  /** Every column an import writes (neither generated nor an identity). */
  writable: string[];
  /** Columns the database derives, left out of the export. */
  derived: string[];
}

/** The columns of each exported table as this database has them (read once per run). */
export async function columnsOf(db: Database): Promise<Map<string, TableColumns>> {
  const rows = rowsOf<{ table_name: string; column_name: string; derived: boolean }>(
    await db.execute(sql`
      select table_name, column_name, (is_generated = 'ALWAYS' or is_identity = 'YES') as derived
      from information_schema.columns
      where table_schema = current_schema() and table_name in (${sql.join(
        EXPORTED_TABLES.map((spec) => sql`${spec.tabla}`),
        sql`, `,
      )})
      order by table_name, ordinal_position`),
  );
  const columns = new Map<string, TableColumns>();
  for (const row of rows) {
    const entry = columns.get(row.table_name) ?? { writable: [], derived: [] };
    (row.derived ? entry.derived : entry.writable).push(row.column_name);
    columns.set(row.table_name, entry);
  }
  return columns;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The rows of one lawyer's table, as JSON objects, page by page in key order. */
export async function* rowsOfTable(db: Database, spec: TableSpec, columns: TableColumns, userId: string, pageSize = 250): AsyncGenerator<Record<string, unknown>[]> {
  const t = ident(spec.tabla);
  const owner =
    'column' in spec.owner
      ? sql`t.${ident(spec.owner.column)} = ${userId}`
      : sql`exists (select 1 from ${ident(spec.owner.parent)} p where p.id = t.${ident(spec.owner.via)} and p.user_id = ${userId})`;
  // The owner column is removed below (it may be the key, read apart as `k`).
  const dropped = [...columns.derived, ...(spec.omit ?? [])];
  const order = sql.join(
    spec.key.map((name) => sql`t.${ident(name)}`),
    sql`, `,
  );
  // Keyset paging on a one-column key; the two-column keys are link tables, paged by offset (small).
  let after: unknown = null;
  for (let offset = 0; ; offset += pageSize) {
    const keyset = spec.key.length === 1 && after !== null ? sql` and t.${ident(spec.key[0]!)} > ${after}` : sql``;
    const page = spec.key.length === 1 ? sql`` : sql` offset ${offset}`;
    const rows = rowsOf<{ r: Record<string, unknown>; k: unknown }>(
      await db.execute(
        sql`select to_jsonb(t) - ${sql.raw(`array[${dropped.map((name) => `'${name}'`).join(', ') || "''"}]::text[]`)} as r, t.${ident(spec.key[0]!)} as k
            from ${t} t where ${owner}${keyset} order by ${order} limit ${pageSize}${page}`,
      ),
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.k;
    // The owner column goes: the importing account becomes it.
    yield rows.map(({ r }) => {
      const row = typeof r === 'string' ? (JSON.parse(r) as Record<string, unknown>) : r;
      if ('column' in spec.owner) delete row[spec.owner.column];
      return row;
    });
    if (rows.length < pageSize) return;
  }
}

/** How many rows of each exported table a lawyer has (the export's progress counts them). */
export async function countRows(db: Database, userId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const spec of EXPORTED_TABLES) {
    const owner =
      'column' in spec.owner
        ? sql`t.${ident(spec.owner.column)} = ${userId}`
        : sql`exists (select 1 from ${ident(spec.owner.parent)} p where p.id = t.${ident(spec.owner.via)} and p.user_id = ${userId})`;
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${ident(spec.tabla)} t where ${owner}`));
    counts.set(spec.tabla, Number(row?.n ?? 0));
  }
  return counts;
}

export { ident };
