import type { FacturaCreateOutput, FacturaUpdateOutput } from '@bufete/shared';
import { moneyString } from '@bufete/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { rowsOf } from '../../db/client';
import { clientes } from '../clients/schema';
import { profiles } from '../profile/schema';
import type { LatestIngresoColumns } from './deps';
import { createInvoiceListQueries } from './list-queries';
import { facturas, invoiceCounters, notasCredito, pagos } from './schema';

export { EXPORT_MAX, type ListRow, paging, type Totals } from './list-queries';

export type FacturaRow = typeof facturas.$inferSelect;
export type NotaCreditoRow = typeof notasCredito.$inferSelect;
type Executor = Database | Transaction;

/**
 * 'FACT-0001', or 'HON-0001' with the serie the lawyer chose: their sequence,
 * four digits at least. One number for the screen, the receipt, the CSV and
 * the CFDI (its Serie and Folio: cfdi/invoice-comprobante.ts).
 */
export const numeroOf = (secuencia: number, serie: string | null = null) => `${serie || 'FACT'}-${String(secuencia).padStart(4, '0')}`;

/** Stored figures of an invoice, from the contract's centavos. */
function figureColumns(input: FacturaUpdateOutput) {
  return {
    clienteId: input.cliente_id,
    fechaEmision: input.fecha_emision,
    fechaVencimiento: input.fecha_vencimiento,
    concepto: input.concepto,
    tarifaPorHora: input.tarifa_por_hora === null ? null : moneyString(input.tarifa_por_hora),
    horasTrabajadas: input.horas_trabajadas === null ? null : moneyString(input.horas_trabajadas),
    montoTotal: moneyString(input.total),
    notas: input.notas,
    subtotal: input.impuestos ? moneyString(input.impuestos.subtotal) : null,
    iva: input.impuestos ? moneyString(input.impuestos.iva) : null,
    isrRetenido: input.impuestos ? moneyString(input.impuestos.isrRetenido) : null,
    ivaRetenido: input.impuestos ? moneyString(input.impuestos.ivaRetenido) : null,
    retencion: input.impuestos?.retencion ?? null,
  };
}

/**
 * The invoices' repository: every statement on facturas, pagos and the
 * number counter. Every function takes the acting lawyer and scopes by it;
 * rules (what may change when) live in service.ts.
 */
export function createInvoiceQueries(db: Database, cfdiColumns: LatestIngresoColumns) {
  return {
    ...createInvoiceListQueries(db, cfdiColumns),

    /** Locks the invoice's row for a change that depends on its current state. */
    async lock(tx: Transaction, userId: string, id: string): Promise<FacturaRow | undefined> {
      const [row] = await tx
        .select()
        .from(facturas)
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)))
        .for('update');
      return row;
    },

    async insert(tx: Transaction, userId: string, input: FacturaCreateOutput, serie: string | null = null): Promise<{ id: string; numero: string }> {
      const [counter] = rowsOf<{ ultimo: number }>(
        await tx.execute(sql`
          insert into ${invoiceCounters} (user_id, ultimo) values (${userId}, 1)
          on conflict (user_id) do update set ultimo = ${invoiceCounters}.ultimo + 1
          returning ultimo`),
      );
      const secuencia = Number(counter!.ultimo);
      const [row] = await tx
        .insert(facturas)
        .values({
          userId,
          secuencia,
          numeroFactura: numeroOf(secuencia, serie),
          ...figureColumns(input),
          montoPagado: moneyString(input.pagado),
          estado: input.estado,
          anticipo: input.anticipo,
        })
        .returning({ id: facturas.id, numero: facturas.numeroFactura });
      return row!;
    },

    /** New figures for a pendiente invoice with nothing paid; false when it no longer is one. */
    async updateFigures(tx: Transaction, userId: string, id: string, input: FacturaUpdateOutput): Promise<boolean> {
      const updated = await tx
        .update(facturas)
        .set({ ...figureColumns(input), updatedAt: new Date() })
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId), eq(facturas.estado, 'pendiente'), eq(facturas.montoPagado, '0')))
        .returning({ id: facturas.id });
      return updated.length > 0;
    },

    async setPaid(tx: Transaction, userId: string, id: string, estado: FacturaRow['estado'], pagadoCentavos: number): Promise<void> {
      await tx
        .update(facturas)
        .set({ estado, montoPagado: moneyString(pagadoCentavos), updatedAt: new Date() })
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)));
    },

    async cancel(tx: Transaction, userId: string, id: string, motivo: string): Promise<void> {
      await tx
        .update(facturas)
        .set({ estado: 'cancelada', canceladaAt: new Date(), motivoCancelacion: motivo, updatedAt: new Date() })
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)));
    },

    async insertPago(tx: Transaction, userId: string, facturaId: string, pago: { fecha: string; centavos: number; forma: string }): Promise<string> {
      const [row] = await tx
        .insert(pagos)
        .values({ userId, facturaId, fecha: pago.fecha, monto: moneyString(pago.centavos), formaPago: pago.forma })
        .returning({ id: pagos.id });
      return row!.id;
    },

    /** A credit note waiting for its CFDI, numbered within its invoice; the credit notes pending, to count before another. */
    async insertCreditNote(
      tx: Transaction,
      values: { userId: string; facturaId: string; motivo: NotaCreditoRow['motivo']; descripcion: string | null; formaPago: string; subtotal: number; total: number },
    ): Promise<NotaCreditoRow> {
      const [row] = await tx
        .insert(notasCredito)
        .values({
          ...values,
          subtotal: moneyString(values.subtotal),
          total: moneyString(values.total),
          numero: sql`(select coalesce(max(numero), 0) + 1 from ${notasCredito} where factura_id = ${values.facturaId})`,
        })
        .returning();
      return row!;
    },

    creditNotesOf(userId: string, facturaId: string, executor: Executor = db): Promise<NotaCreditoRow[]> {
      return executor
        .select()
        .from(notasCredito)
        .where(and(eq(notasCredito.userId, userId), eq(notasCredito.facturaId, facturaId)))
        .orderBy(notasCredito.numero);
    },

    async setCreditNoteState(tx: Transaction, userId: string, id: string, from: NotaCreditoRow['estado'], to: NotaCreditoRow['estado']): Promise<NotaCreditoRow | undefined> {
      const [row] = await tx
        .update(notasCredito)
        .set({ estado: to })
        .where(and(eq(notasCredito.userId, userId), eq(notasCredito.id, id), eq(notasCredito.estado, from)))
        .returning();
      return row;
    },

    async deletePendingCreditNote(userId: string, id: string): Promise<void> {
      await db.delete(notasCredito).where(and(eq(notasCredito.userId, userId), eq(notasCredito.id, id), eq(notasCredito.estado, 'pendiente')));
    },

    async setCredited(tx: Transaction, userId: string, id: string, acreditadoCentavos: number, estado: FacturaRow['estado']): Promise<void> {
      await tx
        .update(facturas)
        .set({ montoAcreditado: moneyString(acreditadoCentavos), estado, updatedAt: new Date() })
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)));
    },

    /** A sustitución: the new invoice names the one it replaces, and takes its payments. */
    async linkSubstitute(tx: Transaction, userId: string, fromId: string, toId: string): Promise<void> {
      await tx
        .update(facturas)
        .set({ sustituyeA: fromId })
        .where(and(eq(facturas.id, toId), eq(facturas.userId, userId)));
      await tx
        .update(pagos)
        .set({ facturaId: toId })
        .where(and(eq(pagos.userId, userId), eq(pagos.facturaId, fromId)));
    },

    /** The invoice `id` replaces, and the one that replaces it (the newest, should there be more). */
    async substitutionLinks(userId: string, id: string) {
      const [original] = await db
        .select({ id: sql<string>`o.id`, numero: sql<string>`o.numero_factura` })
        .from(facturas)
        .innerJoin(sql`facturas o`, sql`o.id = ${facturas.sustituyeA} and o.user_id = ${facturas.userId}`)
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)))
        .limit(1);
      const [sustituto] = await db
        .select({ id: facturas.id, numero: facturas.numeroFactura })
        .from(facturas)
        .where(and(eq(facturas.userId, userId), eq(facturas.sustituyeA, id)))
        .orderBy(desc(facturas.createdAt))
        .limit(1);
      return { original: original ?? null, sustituto: sustituto ?? null };
    },

    /** 'Aplicar anticipo': the advance a final invoice applies, or none (the caller holds both rows' locks). */
    async setAdvance(tx: Transaction, userId: string, id: string, anticipoId: string | null): Promise<void> {
      await tx
        .update(facturas)
        .set({ anticipoAplicadoId: anticipoId, updatedAt: new Date() })
        .where(and(eq(facturas.userId, userId), eq(facturas.id, id)));
    },

    /** A client's advances not cancelled nor applied in a live invoice, oldest first. */
    advancesOfClient(userId: string, clienteId: string) {
      return db
        .select({ id: facturas.id, numero: facturas.numeroFactura, fecha: facturas.fechaEmision, total: facturas.montoTotal })
        .from(facturas)
        .where(
          and(
            eq(facturas.userId, userId),
            eq(facturas.clienteId, clienteId),
            eq(facturas.anticipo, true),
            ne(facturas.estado, 'cancelada'),
            sql`not exists (select 1 from facturas f where f.anticipo_aplicado_id = ${facturas.id} and f.estado <> 'cancelada')`,
          ),
        )
        .orderBy(facturas.fechaEmision, facturas.secuencia);
    },

    /** The live invoice that applies the advance `id`, if any. */
    async advanceAppliedIn(userId: string, id: string, executor: Executor = db): Promise<{ id: string; numero: string } | null> {
      const [row] = await executor
        .select({ id: facturas.id, numero: facturas.numeroFactura })
        .from(facturas)
        .where(and(eq(facturas.userId, userId), eq(facturas.anticipoAplicadoId, id), ne(facturas.estado, 'cancelada')))
        .limit(1);
      return row ?? null;
    },

    /** Names how a payment recorded as 'No registrada' (99) was made. */
    async setFormaPago(tx: Transaction, userId: string, pagoId: string, forma: string): Promise<boolean> {
      const rows = await tx
        .update(pagos)
        .set({ formaPago: forma })
        .where(and(eq(pagos.userId, userId), eq(pagos.id, pagoId)))
        .returning({ id: pagos.id });
      return rows.length > 0;
    },

    /** An invoice's payments, newest first. */
    pagosOf(userId: string, facturaId: string, executor: Executor = db) {
      return executor
        .select()
        .from(pagos)
        .where(and(eq(pagos.userId, userId), eq(pagos.facturaId, facturaId)))
        .orderBy(desc(pagos.fecha), desc(pagos.createdAt));
    },

    async setPagoMonto(tx: Transaction, id: string, centavos: number): Promise<void> {
      if (centavos === 0) await tx.delete(pagos).where(eq(pagos.id, id));
      else
        await tx
          .update(pagos)
          .set({ monto: moneyString(centavos) })
          .where(eq(pagos.id, id));
    },

    /** Unpaid invoices due before each lawyer's today (their clock), at most a week ago: the bell's overdue notices. */
    async recentlyOverdue() {
      return rowsOf<{ id: string; user_id: string; numero: string; total: string; vence: string; cliente: string | null }>(
        await db.execute(sql`
          select f.id, f.user_id, f.numero_factura as numero, f.monto_total::text as total, f.fecha_vencimiento::text as vence, c.nombre as cliente
            from ${facturas} f
            join ${profiles} p on p.id = f.user_id
            left join ${clientes} c on c.id = f.cliente_id and c.user_id = f.user_id
           where f.estado in ('pendiente', 'pagada_parcialmente')
             and f.fecha_vencimiento < (now() at time zone p.zona_horaria)::date
             and f.fecha_vencimiento >= (now() at time zone p.zona_horaria)::date - 7
           limit 1000`),
      );
    },

    /** The lawyer's overdue invoices, oldest due first (the daily summary). */
    overdueOf(userId: string, today: string) {
      return db
        .select({ numero: facturas.numeroFactura, cliente: clientes.nombre, total: facturas.montoTotal, vence: facturas.fechaVencimiento })
        .from(facturas)
        .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)))
        .where(and(eq(facturas.userId, userId), sql`${facturas.estado} in ('pendiente', 'pagada_parcialmente')`, sql`${facturas.fechaVencimiento} < ${today}::date`))
        .orderBy(facturas.fechaVencimiento)
        .limit(20);
    },

    /** Unpaid invoices with a due date (the calendar feed shows them). */
    dueDates(userId: string) {
      return db
        .select({ id: facturas.id, numero: facturas.numeroFactura, fecha: facturas.fechaVencimiento, total: facturas.montoTotal, cliente: clientes.nombre })
        .from(facturas)
        .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)))
        .where(and(eq(facturas.userId, userId), sql`${facturas.estado} in ('pendiente', 'pagada_parcialmente')`, sql`${facturas.fechaVencimiento} is not null`))
        .limit(1000);
    },

    /** The clients an invoice may name: named ones, by name (spec: blank names are never offered). */
    clientChoices(userId: string) {
      return db
        .select({ id: clientes.id, nombre: clientes.nombre, rfc: clientes.rfc, regimen_fiscal: clientes.regimenFiscal })
        .from(clientes)
        .where(and(eq(clientes.userId, userId), sql`length(trim(${clientes.nombre})) > 0`))
        .orderBy(sql`lower(${clientes.nombre})`)
        .limit(5000);
    },
  };
}

export type InvoiceQueries = ReturnType<typeof createInvoiceQueries>;
