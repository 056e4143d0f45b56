import { type Cambio, HISTORIAL_VALOR_MAX, type HistorialEntry } from '@bufete/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { currentRequest } from '../../http/request-context';
import { historial } from './schema';

export interface AuditRecord {
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

/**
 * The audit trail: every service records its changes here, in the same
 * transaction as the change (a rolled-back change leaves no history), with
 * the address of the request that made it.
 */
export function createAuditService(db: Database) {
  return {
    async record(executor: Database | Transaction, userId: string, entry: AuditRecord): Promise<void> {
      await executor.insert(historial).values({
        userId,
        accion: entry.accion,
        entidad: entry.entidad,
        entidadId: entry.entidadId ?? null,
        casoId: entry.casoId ?? null,
        resumen: entry.resumen.slice(0, 500),
        cambios: entry.cambios ?? [],
        ip: currentRequest()?.clientIp ?? null,
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

export type AuditService = ReturnType<typeof createAuditService>;
