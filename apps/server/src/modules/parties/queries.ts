import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Transaction } from '../../db/client';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { casoPartes } from './schema';

export type ParteRow = typeof casoPartes.$inferSelect;
export type ParteValues = Pick<typeof casoPartes.$inferInsert, 'rol' | 'nombre' | 'abogado'>;

/** How many names a conflict check reads before comparing them word by word: a common surname in a large practice. */
const CANDIDATES_MAX = 300;

/**
 * The cases whose 'partes_texto' names no party (what the one 'Contraparte'
 * field held before issue 35) get it as a party whose side is not known yet:
 * the upgrade, and the import of a zip made before it, both run this.
 */
export const adoptFormerNames = (userId: SQL | null) => sql`
  insert into caso_partes (user_id, caso_id, rol, nombre)
  select c.user_id, c.id, 'contraparte', btrim(c.partes_texto)
  from casos c
  where btrim(coalesce(c.partes_texto, '')) <> ''${userId ? sql` and c.user_id = ${userId}` : sql``}
    and not exists (select 1 from caso_partes p where p.caso_id = c.id)`;

/** Parties' SQL, always by their lawyer. */
export function createPartyQueries(db: Database) {
  return {
    forCase(userId: string, casoId: string): Promise<ParteRow[]> {
      return db
        .select()
        .from(casoPartes)
        .where(and(eq(casoPartes.userId, userId), eq(casoPartes.casoId, casoId)))
        .orderBy(asc(casoPartes.createdAt), asc(casoPartes.id));
    },

    async one(userId: string, id: string, executor: Database | Transaction = db): Promise<ParteRow | undefined> {
      const [row] = await executor
        .select()
        .from(casoPartes)
        .where(and(eq(casoPartes.userId, userId), eq(casoPartes.id, id)))
        .limit(1);
      return row;
    },

    async countFor(tx: Transaction, userId: string, casoId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(casoPartes)
        .where(and(eq(casoPartes.userId, userId), eq(casoPartes.casoId, casoId)));
      return row?.n ?? 0;
    },

    async insert(tx: Transaction, userId: string, casoId: string, values: ParteValues): Promise<ParteRow> {
      const [row] = await tx
        .insert(casoPartes)
        .values({ userId, casoId, ...values })
        .returning();
      return row!;
    },

    async update(tx: Transaction, userId: string, id: string, values: ParteValues): Promise<ParteRow | undefined> {
      const [row] = await tx
        .update(casoPartes)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(casoPartes.userId, userId), eq(casoPartes.id, id)))
        .returning();
      return row;
    },

    async remove(tx: Transaction, userId: string, id: string): Promise<ParteRow | undefined> {
      const [row] = await tx
        .delete(casoPartes)
        .where(and(eq(casoPartes.userId, userId), eq(casoPartes.id, id)))
        .returning();
      return row;
    },

    /** Writes the case's party names where its search and the bulletin matching read them, in the caller's transaction. */
    async refreshNames(tx: Transaction, userId: string, casoId: string): Promise<void> {
      await tx.execute(sql`
        update casos set partes_texto = (
          select string_agg(p.nombre, E'\n' order by p.created_at, p.id) from caso_partes p where p.caso_id = ${casoId} and p.user_id = ${userId})
        where id = ${casoId} and user_id = ${userId}`);
    },

    /** This lawyer's parties whose name holds `word` (lower case, without accents), but those of `exceptCaso`. */
    async partiesWith(userId: string, word: string, exceptCaso: string | null) {
      return db
        .select({ id: casoPartes.id, nombre: casoPartes.nombre, rol: casoPartes.rol, casoId: casos.id, casoTitulo: casos.titulo })
        .from(casoPartes)
        .innerJoin(casos, and(eq(casos.id, casoPartes.casoId), eq(casos.userId, casoPartes.userId)))
        .where(and(eq(casoPartes.userId, userId), sql`bufete_norm(${casoPartes.nombre}) like ${`%${word}%`}`, exceptCaso ? ne(casoPartes.casoId, exceptCaso) : undefined))
        .limit(CANDIDATES_MAX);
    },

    /** This lawyer's clients whose name or razón social holds `word`, but `exceptCliente`. */
    async clientsWith(userId: string, word: string, exceptCliente: string | null) {
      return db
        .select({ id: clientes.id, nombre: clientes.nombre, razonSocial: clientes.razonSocial })
        .from(clientes)
        .where(and(eq(clientes.userId, userId), sql`${clientes.nombreBusqueda} like ${`%${word}%`}`, exceptCliente ? ne(clientes.id, exceptCliente) : undefined))
        .limit(CANDIDATES_MAX);
    },

    /** What a case's conflicts are read from: its client's names and the conflicts the lawyer already reviewed. */
    async caseForConflicts(userId: string, casoId: string) {
      const [row] = await db
        .select({ revisados: casos.conflictosRevisados, clienteId: clientes.id, clienteNombre: clientes.nombre, razonSocial: clientes.razonSocial })
        .from(casos)
        .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)))
        .where(and(eq(casos.userId, userId), eq(casos.id, casoId)));
      return row;
    },

    /** Adds reviewed conflicts to a case's (each once), in the caller's transaction. */
    async addReviewed(tx: Transaction, userId: string, casoId: string, claves: string[]): Promise<void> {
      await tx.execute(sql`
        update casos set conflictos_revisados = (
          select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(conflictos_revisados || ${JSON.stringify(claves)}::jsonb))
        where id = ${casoId} and user_id = ${userId}`);
    },

    /** The client of a case, when it has one (theirs is not a conflict in their own case). */
    async clientOf(userId: string, casoId: string): Promise<string | null> {
      const rows = rowsOf<{ cliente_id: string | null }>(await db.execute(sql`select cliente_id from casos where id = ${casoId} and user_id = ${userId}`));
      return rows[0]?.cliente_id ?? null;
    },
  };
}
