import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cfdiCsd, cfdiPac } from './schema';

export type CsdRow = typeof cfdiCsd.$inferSelect;
export type PacRow = typeof cfdiPac.$inferSelect;

/** The CFDI module's SQL, always by its lawyer. */
export function createCfdiQueries(db: Database) {
  return {
    async csd(userId: string): Promise<CsdRow | undefined> {
      const [row] = await db.select().from(cfdiCsd).where(eq(cfdiCsd.userId, userId)).limit(1);
      return row;
    },

    /** The lawyer's CSD, replacing the one before (one per lawyer). */
    async saveCsd(values: CsdRow): Promise<CsdRow> {
      const [row] = await db
        .insert(cfdiCsd)
        .values(values)
        .onConflictDoUpdate({ target: cfdiCsd.userId, set: { ...values, userId: undefined } })
        .returning();
      return row!;
    },

    async deleteCsd(userId: string): Promise<void> {
      await db.delete(cfdiCsd).where(eq(cfdiCsd.userId, userId));
    },

    async pac(userId: string): Promise<PacRow | undefined> {
      const [row] = await db.select().from(cfdiPac).where(eq(cfdiPac.userId, userId)).limit(1);
      return row;
    },

    /** The lawyer's PAC account, replacing the one before; its last test goes with it. */
    async savePac(values: Omit<PacRow, 'probadoAt' | 'pruebaOk' | 'pruebaMensaje'>): Promise<PacRow> {
      const reset = { probadoAt: null, pruebaOk: null, pruebaMensaje: null };
      const [row] = await db
        .insert(cfdiPac)
        .values({ ...values, ...reset })
        .onConflictDoUpdate({ target: cfdiPac.userId, set: { ...values, ...reset, userId: undefined } })
        .returning();
      return row!;
    },

    async deletePac(userId: string): Promise<boolean> {
      return (await db.delete(cfdiPac).where(eq(cfdiPac.userId, userId)).returning({ userId: cfdiPac.userId })).length > 0;
    },

    async recordPacTest(userId: string, result: { ok: boolean; mensaje: string }): Promise<void> {
      await db
        .update(cfdiPac)
        .set({ probadoAt: new Date(), pruebaOk: result.ok, pruebaMensaje: result.mensaje.slice(0, 600) })
        .where(eq(cfdiPac.userId, userId));
    },
  };
}
