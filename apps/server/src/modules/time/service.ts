import type { Entrada } from '@bufete/shared';
import { centavosOf, hoursString, MSG, moneyString, rateTimesHours } from '@bufete/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appError, notFound } from '../../http/errors';
import type { CaseService } from '../cases/service';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import type { InvoiceService } from '../invoices/service';
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
 * Billable time: manual entries and a server-side timer per lawyer (it
 * survives reloads and other devices), and 'Facturar tiempo', which turns
 * unbilled entries into one invoice and marks them billed in the same
 * transaction, so no entry is ever billed twice.
 */
export function createTimeService(db: Database, deps: { cases: CaseService; profiles: ProfileService; invoices: InvoiceService }) {
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
     * 'Facturar tiempo': the chosen unbilled entries (one client's) become one
     * invoice for Σ hours × rate, and are marked billed in the same
     * transaction; an entry billed meanwhile makes the whole request a 409.
     */
    async invoice(userId: string, input: { entrada_ids: string[]; fecha_emision: string | null; fecha_vencimiento: string | null; concepto: string | null }) {
      const ids = [...new Set(input.entrada_ids)];
      // Read before the transaction: inside it, only `tx` may be used (PGlite has one connection).
      const today = await deps.profiles.today(userId);
      const id = await db.transaction(async (tx) => {
        const entries = await tx
          .select()
          .from(timeEntries)
          .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, ids)))
          .for('update');
        if (entries.length !== ids.length) throw notFound();
        if (entries.some((entry) => entry.facturaId)) throw appError('ALREADY_BILLED');
        const clientesIds = new Set(entries.map((entry) => entry.clienteId));
        if (clientesIds.size > 1) throw appError('VALIDATION_ERROR', MSG.invoices.clientesDistintos);
        const rates = new Set(entries.map((entry) => entry.tarifaPorHora));
        const centihoras = entries.reduce((sum, entry) => sum + entry.centihoras, 0);
        const total = entries.reduce((sum, entry) => sum + rateTimesHours(centavosOf(entry.tarifaPorHora) ?? 0, entry.centihoras), 0);
        if (total <= 0) throw appError('VALIDATION_ERROR', MSG.invoices.montoMayorQueCero);
        const uniform = rates.size === 1 ? centavosOf([...rates][0]!) : null;
        const dates = entries.map((entry) => entry.fecha).sort();
        const facturaId = await deps.invoices.insertInvoice(tx, userId, {
          cliente_id: entries[0]!.clienteId,
          fecha_emision: input.fecha_emision ?? today,
          fecha_vencimiento: input.fecha_vencimiento,
          concepto:
            input.concepto ??
            `Honorarios profesionales: ${hoursString(centihoras)} horas (${dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} a ${dates.at(-1)}`})`,
          tarifa_por_hora: uniform,
          horas_trabajadas: uniform !== null ? centihoras : null,
          estado: 'pendiente',
          notas: entries.map((entry) => `- ${entry.fecha}: ${hoursString(entry.centihoras)} h · ${entry.descripcion}`).join('\n').slice(0, 5000),
          total,
          pagado: 0,
          impuestos: null,
        });
        const billed = await tx
          .update(timeEntries)
          .set({ facturaId })
          .where(and(eq(timeEntries.userId, userId), inArray(timeEntries.id, ids), isNull(timeEntries.facturaId)))
          .returning({ id: timeEntries.id });
        if (billed.length !== ids.length) throw appError('ALREADY_BILLED');
        return facturaId;
      });
      return deps.invoices.get(userId, id);
    },
  };
}

export type TimeService = ReturnType<typeof createTimeService>;
