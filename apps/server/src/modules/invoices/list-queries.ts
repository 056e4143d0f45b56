import type { Factura, FacturaListQuery } from '@bufete/shared';
import { DEFAULT_TIME_ZONE } from '@bufete/shared';
import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { clientes } from '../clients/schema';
import { profiles } from '../profile/schema';
import type { LatestIngresoColumns } from './deps';
import { facturas, pagos } from './schema';

type FacturaRow = typeof facturas.$inferSelect;
type Executor = Database | Transaction;

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

export const paging = keyset({ sort: facturas.fechaEmision, id: facturas.id, order: 'desc', kind: 'date' });
/** The CSV holds every filtered invoice, up to this many. */
export const EXPORT_MAX = 100_000;

/**
 * How invoices are read as the screens and the CSV show them: one invoice, a
 * page of the list with its cards (one round trip), every filtered invoice.
 * Each statement is prepared once per combination of filters.
 */
export function createInvoiceListQueries(db: Database, cfdiColumns: LatestIngresoColumns) {
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
  };
}
