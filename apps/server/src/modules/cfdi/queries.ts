import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cfdiCsd } from './schema';

export type CsdRow = typeof cfdiCsd.$inferSelect;

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
  };
}
