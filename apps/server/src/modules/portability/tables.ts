import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import type { Portable, TableSpec } from '../../db/portable';
import { profilePortable } from '../profile/portable';
import { proceedingsPortable } from '../proceedings/portable';
import { clientsPortable } from '../clients/portable';
import { casesPortable } from '../cases/portable';
import { partiesPortable } from '../parties/portable';
import { bulletinsPortable } from '../bulletins/portable';
import { tagsPortable } from '../tags/portable';
import { documentsPortable } from '../documents/portable';
import { notesPortable } from '../notes/portable';
import { imagesPortable } from '../images/portable';
import { calendarPortable } from '../calendar/portable';
import { invoicesPortable } from '../invoices/portable';
import { cfdiPortable } from '../cfdi/portable';
import { remindersPortable } from '../reminders/portable';
import { timePortable } from '../time/portable';
import { plazosPortable } from '../plazos/portable';
import { tasksPortable } from '../tasks/portable';
import { escritosPortable } from '../escritos/portable';
import { aiPortable } from '../ai/portable';
import { historyPortable } from '../history/portable';
import { accountPortable } from '../account/portable';
import { dashboardPortable } from '../dashboard/portable';
import { notificationsPortable } from '../notifications/portable';
import { portalPortable } from '../portal/portable';
import { paymentsPortable } from '../payments/portable';
import { teamPortable } from '../team/portable';
import { portabilityPortable } from './portable';

/**
 * What of an account its export holds and its import restores, as each
 * module hands it over (its `portable.ts`, db/portable.ts): the modules in
 * the order an import inserts their tables (a row after the rows it points
 * to). Each row is written as the table stores it, with the API's snake_case
 * field names, without the owner (the importing account becomes it) and
 * without what the database derives (search columns, which it rebuilds).
 */
export const PORTABLE_MODULES = {
  profile: profilePortable,
  clients: clientsPortable,
  cases: casesPortable,
  parties: partiesPortable,
  tags: tagsPortable,
  documents: documentsPortable,
  proceedings: proceedingsPortable,
  bulletins: bulletinsPortable,
  notes: notesPortable,
  images: imagesPortable,
  calendar: calendarPortable,
  invoices: invoicesPortable,
  cfdi: cfdiPortable,
  reminders: remindersPortable,
  time: timePortable,
  plazos: plazosPortable,
  tasks: tasksPortable,
  escritos: escritosPortable,
  ai: aiPortable,
  history: historyPortable,
  account: accountPortable,
  dashboard: dashboardPortable,
  notifications: notificationsPortable,
  portal: portalPortable,
  payments: paymentsPortable,
  team: teamPortable,
  portability: portabilityPortable,
} satisfies Record<string, Portable>;

export const EXPORTED_TABLES: TableSpec[] = Object.values(PORTABLE_MODULES).flatMap((module) => module.exported);

/** What the modules run once an import's rows are in (an older zip brought up to date). */
export const AFTER_IMPORT = Object.values(PORTABLE_MODULES).flatMap((module: Portable) => (module.afterImport ? [module.afterImport] : []));

/**
 * Tables with a lawyer's rows that belong to no module, left out: sign-in
 * secrets and sessions (auth/), the storage counter (storage/), rate limits
 * (http/) and the queue's jobs (jobs/).
 */
const INFRASTRUCTURE_LEFT_OUT = ['users', 'sessions', 'accounts', 'verifications', 'two_factors', 'dispositivos_conocidos', 'storage_usage', 'rate_limits', 'jobs'];

/** Every table with a lawyer's rows that an export leaves out (a test checks that none is forgotten). */
export const NOT_EXPORTED_TABLES = [...Object.values(PORTABLE_MODULES).flatMap((module) => Object.keys(module.leftOut)), ...INFRASTRUCTURE_LEFT_OUT];

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

export { ident, type TableSpec };
