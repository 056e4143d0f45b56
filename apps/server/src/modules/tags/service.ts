import type { Etiqueta } from '@bufete/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tags } from './schema';
import { notFound } from '../../http/errors';

export function createTagService(db: Database) {
  return {
    async list(userId: string): Promise<Etiqueta[]> {
      return db
        .select({ id: tags.id, nombre: tags.nombre, color: tags.color })
        .from(tags)
        .where(eq(tags.userId, userId))
        .orderBy(asc(sql`lower(${tags.nombre})`));
    },

    /** Creating a name the user already has returns that tag (names are unique per user, ignoring case). */
    async create(userId: string, input: { nombre: string; color: string }): Promise<Etiqueta> {
      const [created] = await db
        .insert(tags)
        .values({ userId, nombre: input.nombre, color: input.color })
        .onConflictDoNothing()
        .returning({ id: tags.id, nombre: tags.nombre, color: tags.color });
      if (created) return created;
      const [existing] = await db
        .select({ id: tags.id, nombre: tags.nombre, color: tags.color })
        .from(tags)
        .where(and(eq(tags.userId, userId), sql`lower(${tags.nombre}) = lower(${input.nombre})`))
        .limit(1);
      return existing!;
    },

    async remove(userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(tags)
        .where(and(eq(tags.id, id), eq(tags.userId, userId)))
        .returning({ id: tags.id });
      if (deleted.length === 0) throw notFound();
    },

    /** Throws 404 unless every id is one of the user's tags. */
    async assertOwned(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      const unique = [...new Set(ids)];
      const found = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.userId, userId), inArray(tags.id, unique)));
      if (found.length !== unique.length) throw notFound();
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
