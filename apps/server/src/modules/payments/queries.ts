import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { pagosCuentas, pagosEnLinea } from './schema';

export type CuentaRow = typeof pagosCuentas.$inferSelect;
export type PagoRow = typeof pagosEnLinea.$inferSelect;

/** The SQL of online payments: every read by the lawyer (and, from the portal, the client) it belongs to. */
export function createPaymentQueries(db: Database) {
  return {
    account: async (userId: string) => (await db.select().from(pagosCuentas).where(eq(pagosCuentas.userId, userId)).limit(1))[0],
    accountById: async (id: string) => (await db.select().from(pagosCuentas).where(eq(pagosCuentas.id, id)).limit(1))[0],

    async saveAccount(row: Omit<CuentaRow, 'updatedAt' | 'ultimoEventoAt'>, executor: Database | Transaction = db) {
      await executor
        .insert(pagosCuentas)
        .values(row)
        .onConflictDoUpdate({
          target: pagosCuentas.userId,
          set: {
            activo: row.activo,
            claveSellada: row.claveSellada,
            claveFin: row.claveFin,
            modo: row.modo,
            secretoWebhookSellado: row.secretoWebhookSellado,
            updatedAt: sql`now()`,
          },
        });
    },
    deleteAccount: (userId: string, executor: Database | Transaction = db) => executor.delete(pagosCuentas).where(eq(pagosCuentas.userId, userId)),
    eventSeen: (id: string) =>
      db
        .update(pagosCuentas)
        .set({ ultimoEventoAt: sql`now()` })
        .where(eq(pagosCuentas.id, id)),

    async insertPago(row: { userId: string; facturaId: string; clienteId: string; monto: string }): Promise<PagoRow> {
      const [created] = await db
        .insert(pagosEnLinea)
        .values({ ...row, proveedor: 'stripe', estado: 'abierto' })
        .returning();
      return created!;
    },
    opened: (id: string, sesion: { id: string; url: string }) =>
      db
        .update(pagosEnLinea)
        .set({ sesionExterna: sesion.id, url: sesion.url, updatedAt: sql`now()` })
        .where(eq(pagosEnLinea.id, id)),
    dropPago: (id: string) => db.delete(pagosEnLinea).where(and(eq(pagosEnLinea.id, id), eq(pagosEnLinea.estado, 'abierto'))),

    /** A payment of the client's (the portal's reads). */
    async ofClient(userId: string, clienteId: string, id: string): Promise<PagoRow | undefined> {
      return (
        await db
          .select()
          .from(pagosEnLinea)
          .where(and(eq(pagosEnLinea.userId, userId), eq(pagosEnLinea.clienteId, clienteId), eq(pagosEnLinea.id, id)))
          .limit(1)
      )[0];
    },
    /** The payments of some invoices, newest first. */
    async ofInvoices(userId: string, facturaIds: string[]): Promise<PagoRow[]> {
      if (facturaIds.length === 0) return [];
      return db
        .select()
        .from(pagosEnLinea)
        .where(and(eq(pagosEnLinea.userId, userId), sql`${pagosEnLinea.facturaId} in ${facturaIds}`))
        .orderBy(desc(pagosEnLinea.createdAt));
    },
    async lock(tx: Transaction, userId: string, id: string): Promise<PagoRow | undefined> {
      return (
        await tx
          .select()
          .from(pagosEnLinea)
          .where(and(eq(pagosEnLinea.userId, userId), eq(pagosEnLinea.id, id)))
          .for('update')
      )[0];
    },
    async bySession(userId: string, sesion: string): Promise<PagoRow | undefined> {
      return (
        await db
          .select()
          .from(pagosEnLinea)
          .where(and(eq(pagosEnLinea.userId, userId), eq(pagosEnLinea.proveedor, 'stripe'), eq(pagosEnLinea.sesionExterna, sesion)))
          .limit(1)
      )[0];
    },
    /** A paid payment by the provider's payment id (a refund or a dispute names that). */
    async byIntent(userId: string, intento: string): Promise<PagoRow | undefined> {
      return (
        await db
          .select()
          .from(pagosEnLinea)
          .where(and(eq(pagosEnLinea.userId, userId), eq(pagosEnLinea.proveedor, 'stripe'), eq(pagosEnLinea.intentoExterno, intento)))
          .limit(1)
      )[0];
    },
    move: (
      tx: Transaction,
      id: string,
      set: Partial<Pick<PagoRow, 'estado' | 'metodo' | 'fichaUrl' | 'fichaVence' | 'pagoId' | 'aplicado' | 'intentoExterno' | 'reembolsado' | 'disputa'>>,
    ) =>
      tx
        .update(pagosEnLinea)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(pagosEnLinea.id, id)),
  };
}

export type PaymentQueries = ReturnType<typeof createPaymentQueries>;
