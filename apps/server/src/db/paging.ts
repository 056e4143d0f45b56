import type { Page } from '@bufete/shared';
import { isRecordId, MSG } from '@bufete/shared';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appError } from '../http/errors';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

function encode(values: string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

type SortKind = 'timestamp' | 'date' | 'text';

/** A day that exists, in PostgreSQL's range of years we write (1 to 9999: lists sort a missing date as 9999-12-31). */
function isRealDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const probe = new Date(Date.UTC(2000, month - 1, date));
  probe.setUTCFullYear(year);
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date;
}

/**
 * Whether a cursor's sort key is one this list could have written: a real
 * calendar day (2024-02-30 and 0000-01-01 are not; JavaScript's Date.parse
 * accepts the first and PostgreSQL refuses both with an error) with, for
 * timestamps, a real time of day.
 */
function keyValid(kind: SortKind, key: string): boolean {
  if (kind === 'timestamp') return ISO_INSTANT.test(key) && isRealDay(key.slice(0, 10)) && /T([01]\d|2[0-3]):[0-5]\d:[0-5]\d/.test(key);
  if (kind === 'date') return isRealDay(key);
  return key.length <= 400 && !key.includes('\u0000');
}

function decode(cursor: string, sortKind: SortKind): [string, string] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === 2 && values.every((value) => typeof value === 'string')) {
      const [key, id] = values as [string, string];
      if (keyValid(sortKind, key) && isRecordId(id)) return [key, id];
    }
  } catch {
    // fall through
  }
  throw appError('VALIDATION_ERROR', MSG.http.cursorInvalido);
}

/**
 * Keyset paging over (sort key, id), the one way every list pages. The sort
 * key travels in the cursor as PostgreSQL renders it (timestamps to the
 * microsecond, so two rows in the same millisecond are never skipped), and a
 * cursor we did not make is a 400, never a database error. Select `cursorKey`
 * with the rows, filter with `after(cursor)`, order with `orderBy`, and turn
 * limit+1 rows into a page with `page`.
 */
export function keyset(options: { sort: AnyPgColumn | SQL; id: AnyPgColumn; order: 'asc' | 'desc'; kind: SortKind }) {
  const { sort, id, order, kind } = options;
  const cursorKey =
    kind === 'timestamp'
      ? sql<string>`to_char(${sort} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : kind === 'date'
        ? sql<string>`to_char(${sort}, 'YYYY-MM-DD')`
        : sql<string>`${sort}`;
  const direction = order === 'desc' ? desc : asc;
  const beyond = order === 'desc' ? sql.raw('<') : sql.raw('>');
  const afterRow = (key: unknown, last: unknown) => {
    const typedKey = kind === 'timestamp' ? sql`${key}::timestamptz` : kind === 'date' ? sql`${key}::date` : sql`${key}`;
    return sql`(${sort} ${beyond} ${typedKey} or (${sort} = ${typedKey} and ${id} ${beyond} ${last}::uuid))`;
  };
  return {
    cursorKey,
    orderBy: [direction(sort), direction(id)] as const,
    /** The rows after the cursor's row, or no condition for the first page. */
    after(cursor: string | undefined): SQL | undefined {
      if (!cursor) return undefined;
      const [key, last] = decode(cursor, kind);
      return afterRow(key, last);
    },
    /**
     * `after` for a prepared statement: the condition with the placeholders
     * `cursorKey` and `cursorId`, whose values `cursorValues` gives.
     */
    afterPlaceholders(): SQL {
      return afterRow(sql.placeholder('cursorKey'), sql.placeholder('cursorId'));
    },
    cursorValues(cursor: string): { cursorKey: string; cursorId: string } {
      const [cursorKey, cursorId] = decode(cursor, kind);
      return { cursorKey, cursorId };
    },
    /** `limit + 1` rows in, one page out. */
    page<Row extends { cursorKey: string; id: string }, Item>(rows: Row[], limit: number, toItem: (row: Row) => Item): Page<Item> {
      const items = rows.slice(0, limit);
      const last = items[items.length - 1];
      return { items: items.map(toItem), next_cursor: rows.length > limit && last ? encode([last.cursorKey, last.id]) : null };
    },
  };
}

/** `%term%` for LIKE on a lower-cased column, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
