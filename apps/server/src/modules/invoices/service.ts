import type { Factura, FacturaCreateOutput, FacturaListQuery, FacturaSummary, Page } from '@bufete/shared';
import { centavosOf, FACTURA_ESTADO_LABEL, formatMXN, MSG, moneyString } from '@bufete/shared';
import { stringify } from 'csv-stringify/sync';
import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { rowsOf } from '../../db/client';
import { containsPattern, keyset } from '../../db/paging';
import { appError, notFound } from '../../http/errors';
import type { ClientService } from '../clients/service';
import { clientes } from '../clients/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { profiles as profileRows } from '../profile/schema';
import type { ReminderService } from '../reminders/service';
import { receiptPdf } from './receipt';
import { facturas, invoiceCounters } from './schema';

type Row = typeof facturas.$inferSelect;
type ListRow = { factura: Row; clienteNombre: string | null; clienteEmail: string | null };

const paging = keyset({ sort: facturas.fechaEmision, id: facturas.id, order: 'desc', kind: 'date' });
/** The CSV holds every filtered invoice, up to this many. */
const EXPORT_MAX = 100_000;

/** A spreadsheet must never run what a client typed: a leading =, +, -, @, tab or CR is made text. */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 'FACT-0001': the lawyer's sequence, four digits at least. */
export const numeroOf = (secuencia: number) => `FACT-${String(secuencia).padStart(4, '0')}`;

/**
 * Invoicing (spec part 2): the list with its filters and the four cards in
 * SQL, numbers per lawyer decided atomically, creation and status rules
 * (checked by the shared schema and here), the CSV, the receipt PDF and its
 * email. Amounts are numeric in the database and strings on the wire.
 */
/** Hourly: invoices that became overdue in the last week are told once (one bell row each). */
export const OVERDUE_JOB = 'invoices.overdue';

export function createInvoiceService(
  db: Database,
  deps: { clients: ClientService; profiles: ProfileService; reminders: ReminderService; queue: JobQueue; notify: (userId: string, notice: Notice) => Promise<void> },
) {
  /** Not paid, due before the lawyer's today (their clock), at most a week ago: each told once. */
  async function notifyOverdue(): Promise<number> {
    const rows = rowsOf<{ id: string; user_id: string; numero: string; total: string; vence: string; cliente: string | null }>(
      await db.execute(sql`
        select f.id, f.user_id, f.numero_factura as numero, f.monto_total::text as total, f.fecha_vencimiento::text as vence, c.nombre as cliente
          from ${facturas} f
          join ${profileRows} p on p.id = f.user_id
          left join ${clientes} c on c.id = f.cliente_id and c.user_id = f.user_id
         where f.estado <> 'pagada'
           and f.fecha_vencimiento < (now() at time zone p.zona_horaria)::date
           and f.fecha_vencimiento >= (now() at time zone p.zona_horaria)::date - 7
         limit 1000`),
    );
    for (const row of rows) {
      await deps.notify(row.user_id, {
        tipo: 'factura_vencida',
        titulo: `Factura vencida: ${row.numero}`,
        detalle: [row.cliente, formatMXN(row.total), `venció el ${row.vence.split('-').reverse().join('/')}`].filter(Boolean).join(' · '),
        enlace: `/facturacion?q=${row.numero}`,
        clave: `factura-vencida:${row.id}`,
      });
    }
    return rows.length;
  }

  deps.queue.register(OVERDUE_JOB, { maxAttempts: 1, handle: async () => void (await notifyOverdue()) });
  deps.queue.every(OVERDUE_JOB, 60 * 60_000);

  function toFactura(row: ListRow, today: string): Factura {
    const { factura } = row;
    return {
      id: factura.id,
      numero_factura: factura.numeroFactura,
      cliente: factura.clienteId && row.clienteNombre !== null ? { id: factura.clienteId, nombre: row.clienteNombre, email: row.clienteEmail } : null,
      fecha_emision: factura.fechaEmision,
      fecha_vencimiento: factura.fechaVencimiento,
      concepto: factura.concepto,
      tarifa_por_hora: factura.tarifaPorHora,
      horas_trabajadas: factura.horasTrabajadas,
      monto_total: factura.montoTotal,
      monto_pagado: factura.montoPagado,
      estado: factura.estado,
      notas: factura.notas,
      impuestos:
        factura.subtotal !== null
          ? { subtotal: factura.subtotal, iva: factura.iva ?? '0.00', isr_retenido: factura.isrRetenido ?? '0.00', iva_retenido: factura.ivaRetenido ?? '0.00', retencion: factura.retencion ?? 'ninguna' }
          : null,
      vencida: factura.estado !== 'pagada' && !!factura.fechaVencimiento && factura.fechaVencimiento < today,
      created_at: factura.createdAt.toISOString(),
    };
  }

  /** The filters of the screen as one condition (search over number, concept and client name, ignoring case). */
  function filtersOf(userId: string, query: Omit<FacturaListQuery, 'cursor' | 'limit'>): SQL {
    const pattern = query.q ? containsPattern(query.q) : null;
    return and(
      eq(facturas.userId, userId),
      query.cliente_id ? eq(facturas.clienteId, query.cliente_id) : undefined,
      query.estado ? eq(facturas.estado, query.estado) : undefined,
      query.desde ? gte(facturas.fechaEmision, query.desde) : undefined,
      query.hasta ? lte(facturas.fechaEmision, query.hasta) : undefined,
      // The client's name as a list of ids, not a join: each side of the OR then has an
      // index (trigram on number and concept, cliente_id), and the cards need no join.
      pattern
        ? or(
            sql`lower(${facturas.numeroFactura} || ' ' || ${facturas.concepto}) like ${pattern}`,
            sql`${facturas.clienteId} = any(array(select ${clientes.id} from ${clientes} where ${clientes.userId} = ${userId} and lower(${clientes.nombre}) like ${pattern}))`,
          )
        : undefined,
    )!;
  }

  const select = () =>
    db
      .select({ id: facturas.id, factura: facturas, clienteNombre: clientes.nombre, clienteEmail: clientes.email, cursorKey: paging.cursorKey })
      .from(facturas)
      .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)));

  async function ownRow(userId: string, id: string): Promise<ListRow> {
    const [row] = await select()
      .where(and(eq(facturas.id, id), eq(facturas.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** Inserts an invoice with the next number of its lawyer, in the caller's transaction (a failed insert takes no number). */
  async function insertInvoice(tx: Transaction, userId: string, input: FacturaCreateOutput): Promise<string> {
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
        clienteId: input.cliente_id,
        secuencia,
        numeroFactura: numeroOf(secuencia),
        fechaEmision: input.fecha_emision,
        fechaVencimiento: input.fecha_vencimiento,
        concepto: input.concepto,
        tarifaPorHora: input.tarifa_por_hora === null ? null : moneyString(input.tarifa_por_hora),
        horasTrabajadas: input.horas_trabajadas === null ? null : moneyString(input.horas_trabajadas),
        montoTotal: moneyString(input.total),
        montoPagado: moneyString(input.pagado),
        estado: input.estado,
        notas: input.notas,
        subtotal: input.impuestos ? moneyString(input.impuestos.subtotal) : null,
        iva: input.impuestos ? moneyString(input.impuestos.iva) : null,
        isrRetenido: input.impuestos ? moneyString(input.impuestos.isrRetenido) : null,
        ivaRetenido: input.impuestos ? moneyString(input.impuestos.ivaRetenido) : null,
        retencion: input.impuestos?.retencion ?? null,
      })
      .returning({ id: facturas.id });
    return row!.id;
  }

  return {
    insertInvoice,
    notifyOverdue,

    /** The daily summary's list: the lawyer's overdue invoices, oldest due first. */
    async overdueOf(userId: string): Promise<{ numero: string; cliente: string | null; total: string; vencio: string }[]> {
      const today = await deps.profiles.today(userId);
      const rows = await db
        .select({ numero: facturas.numeroFactura, cliente: clientes.nombre, total: facturas.montoTotal, vence: facturas.fechaVencimiento })
        .from(facturas)
        .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)))
        .where(and(eq(facturas.userId, userId), sql`${facturas.estado} <> 'pagada'`, sql`${facturas.fechaVencimiento} < ${today}::date`))
        .orderBy(facturas.fechaVencimiento)
        .limit(20);
      return rows.map((row) => ({ numero: row.numero, cliente: row.cliente, total: formatMXN(row.total), vencio: row.vence!.split('-').reverse().join('/') }));
    },

    async get(userId: string, id: string): Promise<Factura> {
      return toFactura(await ownRow(userId, id), await deps.profiles.today(userId));
    },

    /** A page of the filtered invoices, newest issue date first, and the cards over all of them (one request). */
    async list(userId: string, query: FacturaListQuery): Promise<Page<Factura> & { resumen: FacturaSummary }> {
      const where = filtersOf(userId, query);
      const today = await deps.profiles.today(userId);
      const [rows, [totals]] = await Promise.all([
        select()
          .where(and(where, paging.after(query.cursor)))
          .orderBy(...paging.orderBy)
          .limit(query.limit + 1),
        db
          .select({
            total: sql<string>`coalesce(sum(${facturas.montoTotal}), 0)::numeric(16,2)::text`,
            cobrado: sql<string>`coalesce(sum(${facturas.montoPagado}), 0)::numeric(16,2)::text`,
            pendiente: sql<string>`coalesce(sum(${facturas.montoTotal}) filter (where ${facturas.estado} = 'pendiente'), 0)::numeric(16,2)::text`,
            facturas: sql<number>`count(*)::int`,
            pagadas: sql<number>`(count(*) filter (where ${facturas.estado} = 'pagada'))::int`,
            pendientes: sql<number>`(count(*) filter (where ${facturas.estado} = 'pendiente'))::int`,
            vencidas: sql<number>`(count(*) filter (where ${facturas.estado} <> 'pagada' and ${facturas.fechaVencimiento} < ${today}::date))::int`,
          })
          .from(facturas)
          .where(where),
      ]);
      return {
        ...paging.page(rows, query.limit, (row) => toFactura(row, today)),
        resumen: {
          total_facturado: totals!.total,
          cobrado: totals!.cobrado,
          pendiente: totals!.pendiente,
          facturas: Number(totals!.facturas),
          pagadas: Number(totals!.pagadas),
          pendientes: Number(totals!.pendientes),
          vencidas: Number(totals!.vencidas),
        },
      };
    },

    /** 'Exportar CSV': the spec's columns, every filtered invoice; UTF-8 with BOM so Excel in Spanish keeps the accents. */
    async exportCsv(userId: string, query: FacturaListQuery): Promise<string> {
      const rows = await select()
        .where(filtersOf(userId, query))
        .orderBy(...paging.orderBy)
        .limit(EXPORT_MAX);
      const records = rows.map(({ factura, clienteNombre }) =>
        [factura.numeroFactura, clienteNombre ?? 'Sin cliente', factura.fechaEmision, factura.concepto, factura.montoTotal, factura.montoPagado, FACTURA_ESTADO_LABEL[factura.estado]].map(csvSafe),
      );
      return `\uFEFF${stringify([['Número', 'Cliente', 'Fecha Emisión', 'Concepto', 'Monto Total', 'Monto Pagado', 'Estado'], ...records], { record_delimiter: '\r\n' })}`;
    },

    /** The clients an invoice may name: named ones, by name (spec: blank names are never offered). */
    async clientChoices(userId: string) {
      return db
        .select({ id: clientes.id, nombre: clientes.nombre, rfc: clientes.rfc })
        .from(clientes)
        .where(and(eq(clientes.userId, userId), sql`length(trim(${clientes.nombre})) > 0`))
        .orderBy(sql`lower(${clientes.nombre})`)
        .limit(5000);
    },

    async create(userId: string, input: FacturaCreateOutput): Promise<Factura> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const id = await db.transaction((tx) => insertInvoice(tx, userId, input));
      return this.get(userId, id);
    },

    /** 'Editar Estado de Factura': pagada pays the total, pendiente nothing, partial what was typed (up to the total). */
    async updateStatus(userId: string, id: string, input: { estado: Row['estado']; monto_pagado: number | null }): Promise<Factura> {
      const { factura } = await ownRow(userId, id);
      const total = centavosOf(factura.montoTotal)!;
      let pagado = 0;
      if (input.estado === 'pagada') pagado = total;
      if (input.estado === 'pagada_parcialmente') {
        if (input.monto_pagado === null || input.monto_pagado <= 0) throw appError('VALIDATION_ERROR', MSG.invoices.pagadoObligatorio, 'monto_pagado');
        if (input.monto_pagado > total) throw appError('VALIDATION_ERROR', MSG.invoices.pagadoExcede, 'monto_pagado');
        pagado = input.monto_pagado;
      }
      await db
        .update(facturas)
        .set({ estado: input.estado, montoPagado: moneyString(pagado), updatedAt: new Date() })
        .where(and(eq(facturas.id, id), eq(facturas.userId, userId)));
      return this.get(userId, id);
    },

    async pdf(userId: string, id: string): Promise<{ numero: string; bytes: Buffer }> {
      const factura = await this.get(userId, id);
      const [lawyer, profile, cliente] = await Promise.all([
        deps.profiles.signature(userId),
        deps.profiles.fiscalOf(userId),
        factura.cliente ? deps.clients.get(userId, factura.cliente.id) : Promise.resolve(null),
      ]);
      return { numero: factura.numero_factura, bytes: await receiptPdf({ factura, lawyer, profile, cliente }) };
    },

    /** Emails the receipt to the invoice's client, as one of the lawyer's emails to clients (limits, history). */
    async email(userId: string, id: string): Promise<string> {
      const factura = await this.get(userId, id);
      if (!factura.cliente?.email) throw appError('VALIDATION_ERROR', MSG.invoices.sinEmailCliente);
      const { bytes } = await this.pdf(userId, id);
      await deps.reminders.sendNow(userId, {
        clienteId: factura.cliente.id,
        subject: `Recibo de honorarios ${factura.numero_factura}`,
        message: `Le envío el recibo de honorarios ${factura.numero_factura} por ${factura.concepto.slice(0, 200)}.\n\nQuedo a sus órdenes para cualquier duda.`,
        attachments: [{ filename: `${factura.numero_factura}.pdf`, content: bytes, contentType: 'application/pdf' }],
      });
      return MSG.invoices.enviada(factura.cliente.email);
    },

    /** Unpaid invoices with a due date (the calendar feed shows them). */
    async dueDates(userId: string) {
      return db
        .select({ id: facturas.id, numero: facturas.numeroFactura, fecha: facturas.fechaVencimiento, total: facturas.montoTotal, cliente: clientes.nombre })
        .from(facturas)
        .leftJoin(clientes, and(eq(clientes.id, facturas.clienteId), eq(clientes.userId, facturas.userId)))
        .where(and(eq(facturas.userId, userId), sql`${facturas.estado} <> 'pagada'`, sql`${facturas.fechaVencimiento} is not null`))
        .limit(1000);
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
