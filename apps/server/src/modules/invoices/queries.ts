import type { Factura, FacturaCreateOutput, FacturaListQuery, FacturaUpdateOutput } from '@bufete/shared';
import { DEFAULT_TIME_ZONE, moneyString } from '@bufete/shared';
import { and, desc, eq, gte, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { rowsOf } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import type { LatestIngresoColumns } from './deps';
import { clientes } from '../clients/schema';
import { profiles } from '../profile/schema';
import { facturas, invoiceCounters, notasCredito, pagos } from './schema';

export type FacturaRow = typeof facturas.$inferSelect;
export type NotaCreditoRow = typeof notasCredito.$inferSelect;
/** An invoice as its screens and the CSV show it: its figures, its client, its latest payment and CFDI; instants as ISO text. */
export interface ListRow {
  id: string;
  numeroFactura: string;
  clienteId: string | null;
  fechaEmision: string;
  fechaVencimiento: string | null;
  concepto: string;
  tarifaPorHora: string | null;
  horasTrabajadas: string | null;
  montoTotal: string;
  montoPagado: string;
  montoAcreditado: string;
  estado: FacturaRow['estado'];
  notas: string | null;
  subtotal: string | null;
  iva: string | null;
  isrRetenido: string | null;
  ivaRetenido: string | null;
  retencion: FacturaRow['retencion'];
  canceladaAt: string | null;
  motivoCancelacion: string | null;
  anticipo: boolean;
  anticipoAplicadoId: string | null;
  facturaGlobalId: string | null;
  createdAt: string;
  clienteNombre: string | null;
  clienteEmail: string | null;
  /** The latest payment as 'YYYY-MM-DD forma'. */
  ultimoPago: string | null;
  cfdiEstado: NonNullable<Factura['cfdi']>['estado'] | null;
  cfdiUuid: string | null;
}
/** The cards' figures (money as text, to the centavo) and the lawyer's today. */
export interface Totals {
  total: string;
  cobrado: string;
  pendiente: string;
  saldo: string;
  facturas: number;
  pagadas: number;
  pendientes: number;
  parciales: number;
  vencidas: number;
  canceladas: number;
  hoy: string;
}
/** Which filters a list query has: one prepared statement each (db/prepared.ts). */
interface FilterShape {
  cliente: boolean;
  estado: boolean;
  desde: boolean;
  hasta: boolean;
  q: boolean;
}
type Executor = Database | Transaction;

export const paging = keyset({ sort: facturas.fechaEmision, id: facturas.id, order: 'desc', kind: 'date' });
/** The CSV holds every filtered invoice, up to this many. */
export const EXPORT_MAX = 100_000;

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
  /** The latest payment as 'YYYY-MM-DD forma' (one index probe per row). */
  const ultimoPago = sql<
    string | null
  >`(select ${pagos.fecha}::text || ' ' || ${pagos.formaPago} from ${pagos} where ${pagos.facturaId} = ${facturas.id} order by ${pagos.fecha} desc, ${pagos.createdAt} desc limit 1)`;

  // Flat, with instants as ISO text, so rows are made by a mapper resolved once (db/prepared.ts).
  const selection = {
    id: facturas.id,
    numeroFactura: facturas.numeroFactura,
    clienteId: facturas.clienteId,
    fechaEmision: facturas.fechaEmision,
    fechaVencimiento: facturas.fechaVencimiento,
    concepto: facturas.concepto,
    tarifaPorHora: facturas.tarifaPorHora,
    horasTrabajadas: facturas.horasTrabajadas,
    montoTotal: facturas.montoTotal,
    montoPagado: facturas.montoPagado,
    montoAcreditado: facturas.montoAcreditado,
    estado: facturas.estado,
    notas: facturas.notas,
    subtotal: facturas.subtotal,
    iva: facturas.iva,
    isrRetenido: facturas.isrRetenido,
    ivaRetenido: facturas.ivaRetenido,
    retencion: facturas.retencion,
    canceladaAt: sql<string | null>`${isoInstant(facturas.canceladaAt)}`,
    motivoCancelacion: facturas.motivoCancelacion,
    anticipo: facturas.anticipo,
    anticipoAplicadoId: facturas.anticipoAplicadoId,
    facturaGlobalId: facturas.facturaGlobalId,
    createdAt: isoInstant(facturas.createdAt),
    clienteNombre: clientes.nombre,
    clienteEmail: clientes.email,
    ultimoPago,
    ...cfdiColumns(facturas.id, facturas.userId),
  };

  const select = (executor: Executor = db) =>
    executor
      .select({ ...selection, cursorKey: paging.cursorKey })
      .from(facturas)
      .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)));

  /** The filters of the screen as one condition (search over number, concept and client name, ignoring case), its values as placeholders. */
  function filtersOf(shape: FilterShape): SQL {
    const value = sql.placeholder;
    return and(
      eq(facturas.userId, value('userId')),
      shape.cliente ? eq(facturas.clienteId, value('clienteId')) : undefined,
      shape.estado ? eq(facturas.estado, value('estado')) : undefined,
      shape.desde ? gte(facturas.fechaEmision, value('desde')) : undefined,
      shape.hasta ? lte(facturas.fechaEmision, value('hasta')) : undefined,
      // The client's name as a list of ids, not a join: each side of the OR then has an
      // index (trigram on number and concept, cliente_id), and the cards need no join.
      shape.q
        ? or(
            sql`lower(${facturas.numeroFactura} || ' ' || ${facturas.concepto}) like ${value('pattern')}`,
            sql`${facturas.clienteId} = any(array(select ${clientes.id} from ${clientes} where ${clientes.userId} = ${value('userId')} and lower(${clientes.nombre}) like ${value('pattern')}))`,
          )
        : undefined,
    )!;
  }
  const shapeOf = (query: Omit<FacturaListQuery, 'cursor' | 'limit'>): FilterShape => ({
    cliente: !!query.cliente_id,
    estado: !!query.estado,
    desde: !!query.desde,
    hasta: !!query.hasta,
    q: !!query.q,
  });
  const valuesOf = (userId: string, query: FacturaListQuery) => ({
    userId,
    clienteId: query.cliente_id,
    estado: query.estado,
    desde: query.desde,
    hasta: query.hasta,
    pattern: query.q ? containsPattern(query.q) : undefined,
    ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
  });

  /**
   * The cards' figures over the filtered invoices (a cancelled invoice never
   * adds up), and the lawyer's today, which decides 'Vencida': read in the
   * statement (their time zone as the profile service reads it), no round trip
   * of its own.
   */
  function totalsOf(shape: FilterShape) {
    const live = sql`${facturas.estado} <> 'cancelada'`;
    const today = sql`(now() at time zone coalesce((select ${profiles.zonaHoraria} from ${profiles} where ${profiles.id} = ${sql.placeholder('userId')}), ${DEFAULT_TIME_ZONE}))::date`;
    return db
      .select({
        total: sql<string>`coalesce(sum(${facturas.montoTotal}) filter (where ${live}), 0)::numeric(16,2)::text`.as('total'),
        cobrado: sql<string>`coalesce(sum(${facturas.montoPagado}) filter (where ${live}), 0)::numeric(16,2)::text`.as('cobrado'),
        pendiente: sql<string>`coalesce(sum(${facturas.montoTotal}) filter (where ${facturas.estado} = 'pendiente'), 0)::numeric(16,2)::text`.as('pendiente'),
        saldo: sql<string>`coalesce(sum(${facturas.montoTotal} - ${facturas.montoPagado} - ${facturas.montoAcreditado}) filter (where ${live}), 0)::numeric(16,2)::text`.as(
          'saldo',
        ),
        facturas: sql<number>`(count(*) filter (where ${live}))::int`.as('facturas'),
        pagadas: sql<number>`(count(*) filter (where ${facturas.estado} = 'pagada'))::int`.as('pagadas'),
        pendientes: sql<number>`(count(*) filter (where ${facturas.estado} = 'pendiente'))::int`.as('pendientes'),
        parciales: sql<number>`(count(*) filter (where ${facturas.estado} = 'pagada_parcialmente'))::int`.as('parciales'),
        vencidas: sql<number>`(count(*) filter (where ${facturas.estado} in ('pendiente', 'pagada_parcialmente') and ${facturas.fechaVencimiento} < ${today}))::int`.as('vencidas'),
        canceladas: sql<number>`(count(*) filter (where ${facturas.estado} = 'cancelada'))::int`.as('canceladas'),
        hoy: sql<string>`${today}::text`.as('hoy'),
      })
      .from(facturas)
      .where(filtersOf(shape));
  }
  const totalsStatement = preparedByShape((key) => withFlatRows(totalsOf(JSON.parse(key) as FilterShape).prepare(statementName('facturas_tarjetas', key))));

  /**
   * A page of the list, or every filtered invoice for the CSV: prepared once
   * per combination of filters (and cursor). The page carries the cards'
   * figures too, as one JSON text on each row: a subquery that names nothing
   * of the outer row is run once (an InitPlan), and the screen's data is then
   * one round trip, where the socket writes are what a request costs (bench/README.md).
   */
  const listStatement = preparedByShape((key) => {
    const { cursor, csv, ...shape } = JSON.parse(key) as FilterShape & { cursor: boolean; csv: boolean };
    const resumen = sql<string>`(select row_to_json(t)::text from (${totalsOf(shape)}) t)`;
    return withFlatRows(
      db
        .select({ ...selection, cursorKey: paging.cursorKey, ...(csv ? {} : { resumen }) })
        .from(facturas)
        .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)))
        .where(and(filtersOf(shape), cursor ? paging.afterPlaceholders() : undefined))
        .orderBy(...paging.orderBy)
        .limit(csv ? EXPORT_MAX : sql.placeholder('limit'))
        .prepare(statementName(csv ? 'facturas_csv' : 'facturas_lista', key)),
    );
  });

  return {
    async one(userId: string, id: string, executor: Executor = db): Promise<ListRow | undefined> {
      const [row] = await select(executor)
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)))
        .limit(1);
      return row;
    },

    /** Locks the invoice's row for a change that depends on its current state. */
    async lock(tx: Transaction, userId: string, id: string): Promise<FacturaRow | undefined> {
      const [row] = await tx
        .select()
        .from(facturas)
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)))
        .for('update');
      return row;
    },

    /** A page (limit + 1 rows) and the cards' figures over every filtered invoice, in one round trip when the page has rows. */
    async page(userId: string, query: FacturaListQuery): Promise<{ rows: (ListRow & { cursorKey: string })[]; totals: Totals }> {
      const key = JSON.stringify({ ...shapeOf(query), cursor: !!query.cursor, csv: false });
      const rows = (await listStatement(key).execute({ ...valuesOf(userId, query), limit: query.limit + 1 })) as (ListRow & { cursorKey: string; resumen: string })[];
      if (rows.length) return { rows, totals: JSON.parse(rows[0]!.resumen) as Totals };
      // No row to carry them (nothing matches, or a cursor past the end): the figures on their own.
      const [totals] = (await totalsStatement(JSON.stringify(shapeOf(query))).execute(valuesOf(userId, { ...query, cursor: undefined }))) as Totals[];
      return { rows, totals: totals! };
    },

    exportRows(userId: string, query: FacturaListQuery): Promise<ListRow[]> {
      const key = JSON.stringify({ ...shapeOf(query), cursor: false, csv: true });
      return listStatement(key).execute(valuesOf(userId, { ...query, cursor: undefined })) as Promise<ListRow[]>;
    },

    /** Inserts an invoice with the next number of its lawyer, in the caller's transaction (a failed insert takes no number). */
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
