import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { escritoPlantillas } from './schema';

export type PlantillaEscritoRow = typeof escritoPlantillas.$inferSelect;

/** Escrito templates' SQL, always by their lawyer. */
export function createEscritoQueries(db: Database) {
  return {
    own(userId: string): Promise<PlantillaEscritoRow[]> {
      return db.select().from(escritoPlantillas).where(eq(escritoPlantillas.userId, userId)).orderBy(asc(escritoPlantillas.createdAt), asc(escritoPlantillas.id));
    },

    async one(userId: string, id: string): Promise<PlantillaEscritoRow | undefined> {
      const [row] = await db
        .select()
        .from(escritoPlantillas)
        .where(and(eq(escritoPlantillas.userId, userId), eq(escritoPlantillas.id, id)));
      return row;
    },

    async count(executor: Database | Transaction, userId: string): Promise<number> {
      const [row] = await executor.select({ n: count() }).from(escritoPlantillas).where(eq(escritoPlantillas.userId, userId));
      return row?.n ?? 0;
    },

    async insert(tx: Transaction, values: typeof escritoPlantillas.$inferInsert): Promise<PlantillaEscritoRow> {
      const [row] = await tx.insert(escritoPlantillas).values(values).returning();
      return row!;
    },

    /** Of these stored keys, those a template row points at (the orphan sweeper keeps them). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: escritoPlantillas.storageKey }).from(escritoPlantillas).where(inArray(escritoPlantillas.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },

    async remove(userId: string, id: string): Promise<PlantillaEscritoRow | undefined> {
      const [row] = await db
        .delete(escritoPlantillas)
        .where(and(eq(escritoPlantillas.userId, userId), eq(escritoPlantillas.id, id)))
        .returning();
      return row;
    },
  };
}
