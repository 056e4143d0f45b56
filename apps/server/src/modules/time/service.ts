import type { Entrada } from '@bufete/shared';
import { centavosOf, hoursString, MSG, moneyString, rateTimesHours } from '@bufete/shared';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { CaseService } from '../cases/service';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { facturas } from '../invoices/schema';
import type { ProfileService } from '../profile/service';
import { timeEntries, timers } from './schema';

/** A timer longer than a day is a forgotten one: it counts as a day at most. */
const TIMER_MAX_HUNDREDTHS = 2400;
const LIST_MAX = 500;

type Row = { entry: typeof timeEntries.$inferSelect; casoTitulo: string | null; clienteNombre: string | null; numeroFactura: string | null };

function toEntrada({ entry, casoTitulo, clienteNombre, numeroFactura }: Row): Entrada {
  const rate = centavosOf(entry.tarifaPorHora) ?? 0;
  return {
    id: entry.id,
    caso: entry.casoId && casoTitulo !== null ? { id: entry.casoId, titulo: casoTitulo } : null,
    cliente: entry.clienteId && clienteNombre !== null ? { id: entry.clienteId, nombre: clienteNombre } : null,
    fecha: entry.fecha,
    horas: hoursString(entry.centihoras),
    descripcion: entry.descripcion,
    tarifa_por_hora: entry.tarifaPorHora,
    importe: moneyString(rateTimesHours(rate, entry.centihoras)),
    factura: entry.facturaId && numeroFactura !== null ? { id: entry.facturaId, numero_factura: numeroFactura } : null,
    created_at: entry.createdAt.toISOString(),
  };
}

/**
 * Billable time: manual entries (editable until billed) and a server-side
 * timer per lawyer (it survives reloads and other devices). Invoices bill
 * entries through `claimForInvoice`, in the invoice's own transaction, and a
 * cancelled invoice gives them back with `releaseForInvoice`.
 */
export function createTimeService(db: Database, deps: { cases: CaseService; profiles: ProfileService }) {
  const select = () =>
    db
      .select({ entry: timeEntries, casoTitulo: casos.titulo, clienteNombre: clientes.nombre, numeroFactura: facturas.numeroFactura })
      .from(timeEntries)
      .leftJoin(casos, and(eq(casos.id, timeEntries.casoId), eq(casos.userId, timeEntries.userId)))
      .leftJoin(clientes, and(eq(clientes.id, timeEntries.clienteId), eq(clientes.userId, timeEntries.userId)))
      .leftJoin(facturas, and(eq(facturas.id, timeEntries.facturaId), eq(facturas.userId, timeEntries.userId)));

  async function one(userId: string, id: string): Promise<Entrada> {
    const [row] = await select()
      .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return toEntrada(row);
  }

  /** The rate of an entry: the one given, else the lawyer's default (Configuración), else a clear error. */
  async function rateOf(userId: string, given: number | null): Promise<number> {
    if (given !== null) return given;
    const fiscal = await deps.profiles.fiscalOf(userId);
    const rate = centavosOf(fiscal.tarifa_hora);
    if (rate === null) throw appError('VALIDATION_ERROR', `${MSG.time.tarifaInvalida} (o define tu tarifa por hora en Configuración)`, 'tarifa_por_hora');
    return rate;
  }

  async function insertEntry(userId: string, input: { caso_id: string; fecha: string; centihoras: number; descripcion: string; tarifa: number }): Promise<Entrada> {
    const caso = await deps.cases.get(userId, input.caso_id);
    const [row] = await db
      .insert(timeEntries)
      .values({ userId, casoId: caso.id, clienteId: caso.cliente_id, fecha: input.fecha, centihoras: input.centihoras, descripcion: input.descripcion, tarifaPorHora: moneyString(input.tarifa) })
      .returning({ id: timeEntries.id });
    return one(userId, row!.id);
  }

  return {
    async list(userId: string, query: { caso_id?: string; cliente_id?: string; sin_facturar?: '0' | '1' }): Promise<Entrada[]> {
      const rows = await select()
        .where(
          and(
            eq(timeEntries.userId, userId),
            query.caso_id ? eq(timeEntries.casoId, query.caso_id) : undefined,
            query.cliente_id ? eq(timeEntries.clienteId, query.cliente_id) : undefined,
            query.sin_facturar === '1' ? isNull(timeEntries.facturaId) : undefined,
          ),
        )
        .orderBy(desc(timeEntries.fecha), desc(timeEntries.createdAt))
        .limit(LIST_MAX);
      return rows.map(toEntrada);
    },

    async create(userId: string, input: { caso_id: string; fecha: string; horas: number; descripcion: string; tarifa_por_hora: number | null }): Promise<Entrada> {
      return insertEntry(userId, { caso_id: input.caso_id, fecha: input.fecha, centihoras: input.horas, descripcion: input.descripcion, tarifa: await rateOf(userId, input.tarifa_por_hora) });
    },

    /** An unbilled entry's day, hours, description and rate; a billed one stays as billed (409). */
    async update(userId: string, id: string, input: { fecha: string; horas: number; descripcion: string; tarifa_por_hora: number | null }): Promise<Entrada> {
      if ((await one(userId, id)).factura) throw appError('ENTRY_BILLED');
      const tarifa = await rateOf(userId, input.tarifa_por_hora);
      const updated = await db
        .update(timeEntries)
        .set({ fecha: input.fecha, centihoras: input.horas, descripcion: input.descripcion, tarifaPorHora: moneyString(tarifa) })
        .where(and(eq(timeEntries.id, id), eq(timeEntries.userId, userId), isNull(timeEntries.facturaId)))
        .returning({ id: timeEntries.id });
      // Billed between the read and the write.
      if (updated.length === 0) throw appError('ENTRY_BILLED');
      return one(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      const entry = await one(userId, id);
      if (entry.factura) throw appError('ENTRY_BILLED');
      await db.delete(timeEntries).where(and(eq(timeEntries.id, id), eq(timeEntries.userId, userId), isNull(timeEntries.facturaId)));
    },

    async timer(userId: string) {
      const [row] = await db
        .select({ timer: timers, casoTitulo: casos.titulo })
        .from(timers)
        .innerJoin(casos, eq(casos.id, timers.casoId))
        .where(eq(timers.userId, userId))
        .limit(1);
      return row ? { caso: { id: row.timer.casoId, titulo: row.casoTitulo }, descripcion: row.timer.descripcion, iniciado: row.timer.iniciado.toISOString() } : null;
    },

    /** One timer at a time per lawyer (the primary key decides, even with two tabs racing). */
    async startTimer(userId: string, input: { caso_id: string; descripcion: string | null }) {
      await deps.cases.assertOwned(userId, input.caso_id);
      const started = await db.insert(timers).values({ userId, casoId: input.caso_id, descripcion: input.descripcion }).onConflictDoNothing().returning();
      if (started.length === 0) throw appError('TIMER_RUNNING');
      return (await this.timer(userId))!;
    },

    /** Stops the timer: the time becomes an entry, rounded up to the next quarter hour (at least one). */
    async stopTimer(userId: string, input: { descripcion: string | null }): Promise<Entrada> {
      // Without a rate the timer keeps running: nothing is lost while the lawyer sets one.
      const tarifa = await rateOf(userId, null);
      const [timer] = await db.delete(timers).where(eq(timers.userId, userId)).returning();
      if (!timer) throw appError('NO_TIMER');
      const minutes = Math.max(1, Math.ceil((Date.now() - timer.iniciado.getTime()) / 60_000));
      const centihoras = Math.min(TIMER_MAX_HUNDREDTHS, Math.ceil(minutes / 15) * 25);
      return insertEntry(userId, {
        caso_id: timer.casoId,
        fecha: await deps.profiles.today(userId),
        centihoras,
        descripcion: input.descripcion || timer.descripcion || 'Trabajo en el caso',
        tarifa,
      });
    },

    async discardTimer(userId: string): Promise<void> {
      await db.delete(timers).where(eq(timers.userId, userId));
    },

    /**
     * 'Facturar tiempo', the time side: inside the invoice's transaction, the
     * chosen entries are locked, checked (the lawyer's, unbilled, all of the
     * invoice's client) and marked billed by it. An entry billed meanwhile
     * makes the whole invoice a 409: nothing half-done, nothing billed twice.
     */
    async claimForInvoice(tx: Transaction, userId: string, input: { ids: string[]; facturaId: string; clienteId: string | null }): Promise<void> {
      if (input.ids.length === 0) return;
      const entries = await tx
        .select({ id: timeEntries.id, facturaId: timeEntries.facturaId, clienteId: timeEntries.clienteId })
        .from(timeEntries)
        .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, input.ids)))
        .for('update');
      if (entries.length !== input.ids.length) throw notFound();
      if (entries.some((entry) => entry.facturaId)) throw appError('ALREADY_BILLED');
      if (new Set(entries.map((entry) => entry.clienteId)).size > 1) throw appError('VALIDATION_ERROR', MSG.invoices.clientesDistintos);
      if (entries[0]!.clienteId !== input.clienteId) throw appError('VALIDATION_ERROR', MSG.invoices.clienteDeLasEntradas, 'cliente_id');
      await tx
        .update(timeEntries)
        .set({ facturaId: input.facturaId })
        .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, input.ids), isNull(timeEntries.facturaId)));
    },

    /** A cancelled invoice gives its time back: its entries are unbilled again (in the cancellation's transaction). Returns how many. */
    async releaseForInvoice(tx: Transaction, userId: string, facturaId: string): Promise<number> {
      const released = await tx
        .update(timeEntries)
        .set({ facturaId: null })
        .where(and(eq(timeEntries.userId, userId), eq(timeEntries.facturaId, facturaId)))
        .returning({ id: timeEntries.id });
      return released.length;
    },

    /** The entries an invoice bills, oldest first (its receipt lists them all). */
    async entriesOfInvoice(userId: string, facturaId: string): Promise<Entrada[]> {
      const rows = await select()
        .where(and(eq(timeEntries.userId, userId), eq(timeEntries.facturaId, facturaId)))
        .orderBy(asc(timeEntries.fecha), asc(timeEntries.createdAt))
        .limit(LIST_MAX);
      return rows.map(toEntrada);
    },
  };
}

export type TimeService = ReturnType<typeof createTimeService>;
