import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { facturasCfdi } from './schema';

export type CfdiRow = typeof facturasCfdi.$inferSelect;
type Executor = Database | Transaction;

/**
 * An invoice's latest CFDI de Ingreso (its state and folio fiscal) as two
 * columns of a statement over invoices, `facturaId` and `userId` its row's:
 * the invoices' list selects them in its own round trip (one index probe a
 * row), instead of asking for a page's CFDI in a statement of their own.
 */
export function latestIngresoColumns(facturaId: AnyPgColumn | SQL, userId: AnyPgColumn | SQL) {
  const latest = (column: AnyPgColumn) =>
    sql`(select ${column} from ${facturasCfdi} where ${facturasCfdi.facturaId} = ${facturaId} and ${facturasCfdi.userId} = ${userId} and ${facturasCfdi.tipo} = 'I' order by ${facturasCfdi.createdAt} desc limit 1)`;
  return {
    cfdiEstado: latest(facturasCfdi.estado) as SQL<CfdiRow['estado'] | null>,
    cfdiUuid: latest(facturasCfdi.uuid) as SQL<string | null>,
  };
}

/** The SQL of an invoice's CFDI (facturas_cfdi), always by its lawyer. */
export function createStampQueries(db: Database) {
  return {
    /** The live (not cancelled) CFDI de Ingreso of an invoice, or of a payment its complement. */
    async live(userId: string, facturaId: string, pagoId: string | null = null, executor: Executor = db): Promise<CfdiRow | undefined> {
      const [row] = await executor
        .select()
        .from(facturasCfdi)
        .where(
          and(
            eq(facturasCfdi.userId, userId),
            eq(facturasCfdi.facturaId, facturaId),
            ne(facturasCfdi.estado, 'cancelado'),
            pagoId ? eq(facturasCfdi.pagoId, pagoId) : eq(facturasCfdi.tipo, 'I'),
          ),
        )
        .limit(1);
      return row;
    },

    async one(userId: string, facturaId: string, id: string): Promise<CfdiRow | undefined> {
      const [row] = await db
        .select()
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.userId, userId), eq(facturasCfdi.facturaId, facturaId), eq(facturasCfdi.id, id)))
        .limit(1);
      return row;
    },

    /** The row that holds a folio fiscal, whoever's (the UUID is unique across the SAT). */
    async idOfUuid(uuid: string): Promise<string | undefined> {
      const [row] = await db.select({ id: facturasCfdi.id }).from(facturasCfdi).where(eq(facturasCfdi.uuid, uuid)).limit(1);
      return row?.id;
    },

    /** Cancellations still waiting for the receptor, not asked about for an hour, oldest asked first (every lawyer's). */
    cancellationsInProcess(limit: number): Promise<CfdiRow[]> {
      return db
        .select()
        .from(facturasCfdi)
        .where(
          and(eq(facturasCfdi.estado, 'cancelacion_en_proceso'), sql`coalesce(${facturasCfdi.consultadoAt}, ${facturasCfdi.cancelacionSolicitadaAt}) < now() - interval '1 hour'`),
        )
        .orderBy(sql`coalesce(${facturasCfdi.consultadoAt}, ${facturasCfdi.cancelacionSolicitadaAt})`)
        .limit(limit);
    },

    ofFactura(userId: string, facturaId: string): Promise<CfdiRow[]> {
      return db
        .select()
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.userId, userId), eq(facturasCfdi.facturaId, facturaId)))
        .orderBy(desc(facturasCfdi.createdAt));
    },

    /**
     * Each invoice's latest CFDI de Ingreso, its state and folio fiscal: what a
     * list of invoices shows. `facturaIds` a page's ids, or 'all' of the
     * lawyer's (the CSV: one statement, however many).
     */
    async latestIngresos(userId: string, facturaIds: string[] | 'all'): Promise<Map<string, { estado: CfdiRow['estado']; uuid: string | null }>> {
      if (facturaIds !== 'all' && facturaIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([facturasCfdi.facturaId], { facturaId: facturasCfdi.facturaId, estado: facturasCfdi.estado, uuid: facturasCfdi.uuid })
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.userId, userId), facturaIds === 'all' ? undefined : inArray(facturasCfdi.facturaId, facturaIds), eq(facturasCfdi.tipo, 'I')))
        .orderBy(facturasCfdi.facturaId, desc(facturasCfdi.createdAt));
      return new Map(rows.map((row) => [row.facturaId, { estado: row.estado, uuid: row.uuid }]));
    },

    /** The live CFDI de egreso of a credit note. */
    async liveOfNota(userId: string, notaId: string): Promise<CfdiRow | undefined> {
      const [row] = await db
        .select()
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.userId, userId), eq(facturasCfdi.notaCreditoId, notaId), ne(facturasCfdi.estado, 'cancelado')))
        .limit(1);
      return row;
    },

    /** A credit note's latest stamped CFDI (cancelled ones too: its PDF says so). */
    async latestOfNota(userId: string, notaId: string): Promise<CfdiRow | undefined> {
      const [row] = await db
        .select()
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.userId, userId), eq(facturasCfdi.notaCreditoId, notaId)))
        .orderBy(desc(facturasCfdi.createdAt))
        .limit(1);
      return row;
    },

    /** Live credit notes of an invoice (the SAT cancels them before the invoice's CFDI). */
    async liveCreditNotes(facturaId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.facturaId, facturaId), eq(facturasCfdi.tipo, 'E'), ne(facturasCfdi.estado, 'cancelado')));
      return Number(row?.count ?? 0);
    },

    /** Live complements of an invoice's payments (they hold their payments: those cannot be taken back). */
    async liveComplements(executor: Executor, facturaId: string): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(facturasCfdi)
        .where(and(eq(facturasCfdi.facturaId, facturaId), eq(facturasCfdi.tipo, 'P'), ne(facturasCfdi.estado, 'cancelado')));
      return Number(row?.count ?? 0);
    },

    /** The sealed CFDI before it is sent; undefined when another request wrote one first (the unique index decides). */
    async insertPending(values: {
      userId: string;
      facturaId: string;
      pagoId: string | null;
      notaCreditoId?: string | null;
      tipo: 'I' | 'P' | 'E';
      xml: string;
    }): Promise<CfdiRow | undefined> {
      const [row] = await db
        .insert(facturasCfdi)
        .values({ ...values, estado: 'pendiente' })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** The PAC's answer: the stamped XML. Only a pendiente row takes it (a second answer to the same call changes nothing). */
    async markStamped(tx: Transaction, id: string, values: { xml: string; uuid: string; fechaTimbrado: Date }): Promise<boolean> {
      const rows = await tx
        .update(facturasCfdi)
        .set({ ...values, estado: 'vigente', updatedAt: new Date() })
        .where(and(eq(facturasCfdi.id, id), eq(facturasCfdi.estado, 'pendiente')))
        .returning({ id: facturasCfdi.id });
      return rows.length > 0;
    },

    /** Which PAC a pendiente CFDI is sent to (before the call: see stamping.ts). */
    async setPac(id: string, pac: string): Promise<void> {
      await db
        .update(facturasCfdi)
        .set({ pac })
        .where(and(eq(facturasCfdi.id, id), eq(facturasCfdi.estado, 'pendiente')));
    },

    /** The PAC refused it: nothing was stamped. */
    async deletePending(id: string): Promise<void> {
      await db.delete(facturasCfdi).where(and(eq(facturasCfdi.id, id), eq(facturasCfdi.estado, 'pendiente')));
    },

    async update(
      executor: Executor,
      id: string,
      values: Partial<Pick<CfdiRow, 'estado' | 'motivoCancelacion' | 'folioSustitucion' | 'cancelacionSolicitadaAt' | 'acuseCancelacion' | 'estatusSat' | 'consultadoAt'>>,
    ) {
      const [row] = await executor
        .update(facturasCfdi)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(facturasCfdi.id, id))
        .returning();
      return row!;
    },
  };
}

export type StampQueries = ReturnType<typeof createStampQueries>;
