import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { facturas } from '../invoices/schema';
import { timeEntries, timers } from './schema';

/** An entry with the names it shows: its case, its client and the invoice that billed it. */
export type EntryRow = { entry: typeof timeEntries.$inferSelect; casoTitulo: string | null; clienteNombre: string | null; numeroFactura: string | null };
type EntryValues = { fecha: string; centihoras: number; descripcion: string; tarifaPorHora: string | null };

/** Time's SQL: entries and the running timer, always by their lawyer. */
export function createTimeQueries(db: Database, options: { listMax: number }) {
  const select = () =>
    db
      .select({ entry: timeEntries, casoTitulo: casos.titulo, clienteNombre: clientes.nombre, numeroFactura: facturas.numeroFactura })
      .from(timeEntries)
      .leftJoin(casos, and(eq(casos.id, timeEntries.casoId), eq(casos.userId, timeEntries.userId)))
      .leftJoin(clientes, and(eq(clientes.id, timeEntries.clienteId), eq(clientes.userId, timeEntries.userId)))
      .leftJoin(facturas, and(eq(facturas.id, timeEntries.facturaId), eq(facturas.userId, timeEntries.userId)));

  return {
    async entry(userId: string, id: string): Promise<EntryRow | undefined> {
      const [row] = await select()
        .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, userId)))
        .limit(1);
      return row;
    },

    /** The lawyer's entries among `ids` (another lawyer's are simply absent). */
    entriesById(userId: string, ids: string[]): Promise<EntryRow[]> {
      return select().where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, ids)));
    },

    /** Gives `tarifaPorHora` to those of `ids` that are unbilled and have no rate; the ids it changed. */
    async setMissingRate(userId: string, ids: string[], tarifaPorHora: string): Promise<string[]> {
      const updated = await db
        .update(timeEntries)
        .set({ tarifaPorHora })
        .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, ids), isNull(timeEntries.facturaId), isNull(timeEntries.tarifaPorHora)))
        .returning({ id: timeEntries.id });
      return updated.map((row) => row.id);
    },

    /** Newest first; by case, by client, or only what is not billed yet. */
    entries(userId: string, filter: { casoId?: string; clienteId?: string; unbilled?: boolean }): Promise<EntryRow[]> {
      return select()
        .where(
          and(
            eq(timeEntries.userId, userId),
            filter.casoId ? eq(timeEntries.casoId, filter.casoId) : undefined,
            filter.clienteId ? eq(timeEntries.clienteId, filter.clienteId) : undefined,
            filter.unbilled ? isNull(timeEntries.facturaId) : undefined,
          ),
        )
        .orderBy(desc(timeEntries.fecha), desc(timeEntries.createdAt))
        .limit(options.listMax);
    },

    /** The entries an invoice bills, oldest first. */
    entriesOfInvoice(userId: string, facturaId: string): Promise<EntryRow[]> {
      return select()
        .where(and(eq(timeEntries.userId, userId), eq(timeEntries.facturaId, facturaId)))
        .orderBy(asc(timeEntries.fecha), asc(timeEntries.createdAt))
        .limit(options.listMax);
    },

    async insert(userId: string, values: EntryValues & { casoId: string; clienteId: string | null }): Promise<string> {
      const [row] = await db
        .insert(timeEntries)
        .values({ userId, ...values })
        .returning({ id: timeEntries.id });
      return row!.id;
    },

    /** Changes an entry that is not billed; false when it is (or is gone). */
    async updateUnbilled(userId: string, id: string, values: EntryValues): Promise<boolean> {
      const updated = await db
        .update(timeEntries)
        .set(values)
        .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, userId), isNull(timeEntries.facturaId)))
        .returning({ id: timeEntries.id });
      return updated.length > 0;
    },

    async deleteUnbilled(userId: string, id: string): Promise<void> {
      await db.delete(timeEntries).where(and(eq(timeEntries.id, id), eq(timeEntries.userId, userId), isNull(timeEntries.facturaId)));
    },

    async timer(userId: string) {
      const [row] = await db
        .select({ timer: timers, casoTitulo: casos.titulo })
        .from(timers)
        .innerJoin(casos, eq(casos.id, timers.casoId))
        .where(eq(timers.userId, userId))
        .limit(1);
      return row;
    },

    /** Starts a timer unless one runs (the primary key decides, even with two tabs racing): false then. */
    async startTimer(userId: string, casoId: string, descripcion: string | null): Promise<boolean> {
      const started = await db.insert(timers).values({ userId, casoId, descripcion }).onConflictDoNothing().returning();
      return started.length > 0;
    },

    /** Removes the running timer and gives it (undefined when none ran). */
    async takeTimer(userId: string) {
      const [timer] = await db.delete(timers).where(eq(timers.userId, userId)).returning();
      return timer;
    },

    /** The chosen entries, locked for the caller's transaction. */
    entriesForUpdate(tx: Transaction, userId: string, ids: string[]) {
      return tx
        .select({ id: timeEntries.id, facturaId: timeEntries.facturaId, clienteId: timeEntries.clienteId, tarifaPorHora: timeEntries.tarifaPorHora })
        .from(timeEntries)
        .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, ids)))
        .for('update');
    },

    async markBilled(tx: Transaction, userId: string, ids: string[], facturaId: string): Promise<void> {
      await tx
        .update(timeEntries)
        .set({ facturaId })
        .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, ids), isNull(timeEntries.facturaId)));
    },

    /** Unbills every entry of an invoice; how many. */
    async unbill(tx: Transaction, userId: string, facturaId: string): Promise<number> {
      const released = await tx
        .update(timeEntries)
        .set({ facturaId: null })
        .where(and(eq(timeEntries.userId, userId), eq(timeEntries.facturaId, facturaId)))
        .returning({ id: timeEntries.id });
      return released.length;
    },

    /** An invoice's entries billed by the one that replaces it (a CFDI's sustitución). */
    async rebill(tx: Transaction, userId: string, fromId: string, toId: string): Promise<number> {
      const moved = await tx
        .update(timeEntries)
        .set({ facturaId: toId })
        .where(and(eq(timeEntries.userId, userId), eq(timeEntries.facturaId, fromId)))
        .returning({ id: timeEntries.id });
      return moved.length;
    },
  };
}
