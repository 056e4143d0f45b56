import { type Cambio, HISTORIAL_VALOR_MAX, type HistorialEntry } from '@bufete/shared';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { currentRequest } from '../../http/request-context';
import { historial } from './schema';

export interface HistoryRecord {
  accion: string;
  entidad: string;
  entidadId?: string | null;
  casoId?: string | null;
  resumen: string;
  cambios?: Cambio[];
}

type Row = typeof historial.$inferSelect;

const toEntry = (row: Row): HistorialEntry => ({
  id: String(row.id),
  fecha: row.fecha.toISOString(),
  accion: row.accion,
  entidad: row.entidad,
  entidad_id: row.entidadId,
  resumen: row.resumen,
  cambios: row.cambios,
  ip: row.ip,
  autor: row.autor,
});

/** A value as the history keeps it: text up to HISTORIAL_VALOR_MAX characters, else only the field's name (null). */
function kept(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? (value ? 'sí' : 'no') : String(value);
  return text.length > HISTORIAL_VALOR_MAX ? null : text;
}

/**
 * The fields that differ between two versions of a record, named as a lawyer
 * reads them (`labels`: field → 'Concepto'); fields not in `labels` are not
 * compared. Long values keep only the field's name; `secret` fields (a note's
 * or a document's contents) never keep a value.
 */
export function changesOf<T extends Record<string, unknown>>(before: T | null, after: T, labels: Partial<Record<keyof T, string>>, secret: (keyof T)[] = []): Cambio[] {
  const changes: Cambio[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof T, string][]) {
    const old = before ? before[field] : null;
    const now = after[field];
    if (JSON.stringify(old ?? null) === JSON.stringify(now ?? null)) continue;
    const hide = secret.includes(field);
    changes.push({ campo: label, antes: hide ? null : kept(old), despues: hide ? null : kept(now) });
  }
  return changes;
}

/** What an erasure takes out of the trail (see `redact`). */
export interface Erased {
  /** Records erased: their entries lose the values of `campos` (every field when absent) and, when whole, the «title» in their summary. */
  records: { entidad: string; ids: string[]; campos?: readonly string[] }[];
  /** Values of the person's data (an email, a phone, a name): wherever they appear in the lawyer's trail, they go. */
  valores: (string | null | undefined)[];
}

const ERASED_TEXT = 'dato eliminado';
/** The summary of a record erased at a client's request: what went, never what it was called. */
export const ERASED_AT_REQUEST = (what: string) => `${what} a solicitud del cliente (cancelación de sus datos personales)`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One entry with `erased` taken out; null when nothing in it was the person's. */
function redacted(row: Row, erased: { records: Erased['records']; valores: string[] }): { resumen: string; cambios: Cambio[] } | null {
  const record = erased.records.find((item) => item.entidad === row.entidad && row.entidadId !== null && item.ids.includes(row.entidadId));
  const isValue = (value: string | null) => value !== null && erased.valores.includes(value.trim().toLowerCase());
  let changed = false;
  const cambios = row.cambios.map((cambio) => {
    const whole = record && (!record.campos || record.campos.includes(cambio.campo)) && (cambio.antes !== null || cambio.despues !== null);
    const antes = whole || isValue(cambio.antes);
    const despues = whole || isValue(cambio.despues);
    if (!antes && !despues) return cambio;
    changed = true;
    return { campo: cambio.campo, antes: antes ? null : cambio.antes, despues: despues ? null : cambio.despues, eliminado: true as const };
  });
  let resumen = row.resumen;
  // A whole record erased (a note, a document, a client that went): the «title» its summaries quote.
  if (record && !record.campos) resumen = resumen.replace(/«[^»]*»/g, `«${ERASED_TEXT}»`);
  for (const valor of erased.valores) {
    resumen = resumen.replace(new RegExp(`(?<![\\p{L}\\p{N}@.])${escapeRegExp(valor)}(?![\\p{L}\\p{N}@])`, 'giu'), ERASED_TEXT);
  }
  if (resumen !== row.resumen) changed = true;
  return changed ? { resumen, cambios } : null;
}

/**
 * The history: every service records its changes here, in the same
 * transaction as the change (a rolled-back change leaves no history), with
 * the address of the request that made it.
 */
export function createHistoryService(db: Database) {
  return {
    async record(executor: Database | Transaction, userId: string, entry: HistoryRecord): Promise<void> {
      await executor.insert(historial).values({
        userId,
        accion: entry.accion,
        entidad: entry.entidad,
        entidadId: entry.entidadId ?? null,
        casoId: entry.casoId ?? null,
        resumen: entry.resumen.slice(0, 500),
        cambios: entry.cambios ?? [],
        ip: currentRequest()?.clientIp ?? null,
        autorId: currentRequest()?.autor?.id ?? null,
        autor: currentRequest()?.autor?.nombre.slice(0, 200) ?? null,
      });
    },

    /**
     * A page of the lawyer's history, newest first, optionally of one kind of
     * record or of one case (the case's own changes and its records'). The
     * cursor is the last id seen (ids only grow).
     */
    async page(userId: string, options: { entidad?: string; casoId?: string; cursor?: number; limit: number }): Promise<{ items: HistorialEntry[]; next_cursor: string | null }> {
      const rows = await db
        .select()
        .from(historial)
        .where(
          and(
            eq(historial.userId, userId),
            options.entidad ? eq(historial.entidad, options.entidad) : undefined,
            options.casoId ? eq(historial.casoId, options.casoId) : undefined,
            options.cursor ? lt(historial.id, options.cursor) : undefined,
          ),
        )
        .orderBy(desc(historial.id))
        .limit(options.limit + 1);
      const items = rows.slice(0, options.limit).map(toEntry);
      return { items, next_cursor: rows.length > options.limit ? items.at(-1)!.id : null };
    },

    /**
     * Takes a person's data out of the lawyer's trail, at their request (a
     * cancellation under the LFPDPPP): the entries stay — what happened, when,
     * from where — without the values. The only change the trail ever allows
     * (migration 0041's trigger), in one transaction.
     */
    async redact(userId: string, erased: Erased): Promise<number> {
      // Values shorter than three characters ('A', '12') would take out unrelated words.
      const valores = [...new Set(erased.valores.map((value) => value?.trim().toLowerCase() ?? '').filter((value) => value.length >= 3))];
      const records = erased.records.filter((record) => record.ids.length > 0);
      if (!valores.length && !records.length) return 0;
      const patterns = valores.flatMap((value) => [`%${escapeLike(value)}%`, `%${escapeLike(JSON.stringify(value).slice(1, -1))}%`]);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('bufete.redact', 'on', true)`);
        const rows = await tx
          .select()
          .from(historial)
          .where(
            and(
              eq(historial.userId, userId),
              or(
                ...records.map((record) => and(eq(historial.entidad, record.entidad), inArray(historial.entidadId, record.ids))),
                ...(patterns.length
                  ? [sql`lower(${historial.resumen}) like any(${sql.param(patterns)}::text[])`, sql`lower(${historial.cambios}::text) like any(${sql.param(patterns)}::text[])`]
                  : []),
              ),
            ),
          );
        let count = 0;
        for (const row of rows) {
          const change = redacted(row, { records, valores });
          if (!change) continue;
          await tx
            .update(historial)
            .set(change)
            .where(and(eq(historial.id, row.id), eq(historial.userId, userId)));
          count++;
        }
        return count;
      });
    },

    /** The history of one record, newest first. */
    async ofEntity(userId: string, entidad: string, entidadId: string, limit = 100): Promise<HistorialEntry[]> {
      const rows = await db
        .select()
        .from(historial)
        .where(and(eq(historial.userId, userId), eq(historial.entidad, entidad), eq(historial.entidadId, entidadId)))
        .orderBy(desc(historial.fecha), desc(historial.id))
        .limit(limit);
      return rows.map(toEntry);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
