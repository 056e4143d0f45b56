import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { ImagenRow } from './mappers';
import { imagenes } from './schema';

/** Images' SQL, always by their lawyer. Deletions give the stored keys, for the files to go after the commit. */
export function createImageQueries(db: Database) {
  const keys = (rows: { key: string }[]) => rows.map((row) => row.key);
  return {
    /** A case's or a note's images, newest first. */
    of(userId: string, owner: { casoId: string | null; notaId: string | null }, limit: number): Promise<ImagenRow[]> {
      return db
        .select()
        .from(imagenes)
        .where(and(eq(imagenes.userId, userId), owner.casoId ? eq(imagenes.casoId, owner.casoId) : eq(imagenes.notaId, owner.notaId!)))
        .orderBy(desc(imagenes.createdAt))
        .limit(limit);
    },

    async row(userId: string, id: string): Promise<ImagenRow | undefined> {
      const [row] = await db
        .select()
        .from(imagenes)
        .where(and(eq(imagenes.id, id), eq(imagenes.userId, userId)))
        .limit(1);
      return row;
    },

    /** A new image's row, inside the caller's transaction (the storage quota's). */
    async insert(tx: Transaction, values: typeof imagenes.$inferInsert): Promise<ImagenRow> {
      const [row] = await tx.insert(imagenes).values(values).returning();
      return row!;
    },

    async delete(userId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .delete(imagenes)
        .where(and(eq(imagenes.id, id), eq(imagenes.userId, userId)))
        .returning({ key: imagenes.storageKey });
      return row?.key;
    },

    async countForCase(userId: string, casoId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(imagenes)
        .where(and(eq(imagenes.casoId, casoId), eq(imagenes.userId, userId)));
      return Number(row?.n ?? 0);
    },

    async deleteForCase(tx: Transaction, userId: string, casoId: string): Promise<string[]> {
      return keys(
        await tx
          .delete(imagenes)
          .where(and(eq(imagenes.casoId, casoId), eq(imagenes.userId, userId)))
          .returning({ key: imagenes.storageKey }),
      );
    },

    async deleteForNotes(tx: Transaction, userId: string, notaIds: string[]): Promise<string[]> {
      if (notaIds.length === 0) return [];
      return keys(
        await tx
          .delete(imagenes)
          .where(and(inArray(imagenes.notaId, notaIds), eq(imagenes.userId, userId)))
          .returning({ key: imagenes.storageKey }),
      );
    },

    /** Which of these stored keys an image still points at. Not scoped by user: a maintenance read. */
    async referencedKeys(storageKeys: string[]): Promise<Set<string>> {
      if (storageKeys.length === 0) return new Set();
      return new Set(keys(await db.select({ key: imagenes.storageKey }).from(imagenes).where(inArray(imagenes.storageKey, storageKeys))));
    },
  };
}
