import type { Etiqueta, RichTextNode } from '@bufete/shared';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { anyTermsQuery } from '../../db/search';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { personaQuePregunta } from '../../http/case-scope';
import type { NotaRow } from './mappers';
import { notaTags, notas } from './schema';

/** The note's tags in the same query, as JSON (no query per note). */
const tagsJson = sql<Etiqueta[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'nombre', t.nombre, 'color', t.color) order by lower(t.nombre))
    from nota_tags nt join tags t on t.id = nt.tag_id
   where nt.nota_id = ${notas.id}), '[]'::json)`;

/**
 * A private note is read only by its author (a note of nobody in particular is
 * the titular's): `persona` is who asks, a placeholder or a value; null (a job,
 * an export) reads them all.
 */
const legiblePor = (persona: unknown) => sql`(not ${notas.privada} or ${persona}::text is null or coalesce(${notas.autorId}, ${notas.userId}) = ${persona}::text)`;
const legibleAhora = () => legiblePor(personaQuePregunta());

const columns = {
  id: notas.id,
  titulo: notas.titulo,
  contenido: notas.contenido,
  contenidoTexto: notas.contenidoTexto,
  casoId: notas.casoId,
  clienteId: notas.clienteId,
  isFavorita: notas.isFavorita,
  privada: notas.privada,
  // Instants as ISO text: a page's rows are made by a mapper resolved once (db/prepared.ts).
  createdAt: isoInstant(notas.createdAt),
  updatedAt: isoInstant(notas.updatedAt),
  casoTitulo: casos.titulo,
  clienteNombre: clientes.nombre,
  tags: tagsJson,
};

export interface NoteListQuery {
  q?: string;
  casoId?: string;
  clienteId?: string;
  etiquetaId?: string;
  cursor?: string;
  limit: number;
  /** The contract's names are not these: an object of its shape would type-check here and lose its filters. */
  caso_id?: never;
  cliente_id?: never;
  etiqueta_id?: never;
}

type NoteValues = Partial<typeof notas.$inferInsert>;

/** Notes' SQL, always by their lawyer; case, client and tags in the same query (no query per note). */
export function createNoteQueries(db: Database) {
  const paging = keyset({ sort: notas.updatedAt, id: notas.id, order: 'desc', kind: 'timestamp' });
  const select = () =>
    db
      .select({ ...columns, cursorKey: paging.cursorKey })
      .from(notas)
      .leftJoin(casos, and(eq(casos.id, notas.casoId), eq(casos.userId, notas.userId)))
      .leftJoin(clientes, and(eq(clientes.id, notas.clienteId), eq(clientes.userId, notas.userId)));

  /** Replaces a note's tags, in the caller's transaction. */
  async function setTags(tx: Transaction, notaId: string, tagIds: string[], replace: boolean) {
    if (replace) await tx.delete(notaTags).where(eq(notaTags.notaId, notaId));
    const unique = [...new Set(tagIds)];
    if (unique.length) await tx.insert(notaTags).values(unique.map((tagId) => ({ notaId, tagId })));
  }

  /** The list, prepared once per combination of its filters (db/prepared.ts). */
  const pageStatement = preparedByShape((key) => {
    const shape = JSON.parse(key) as { caso: boolean; cliente: boolean; etiqueta: boolean; q: boolean; cursor: boolean };
    const value = sql.placeholder;
    return withFlatRows(
      select()
        .where(
          and(
            eq(notas.userId, value('userId')),
            legiblePor(value('personaId')),
            shape.caso ? eq(notas.casoId, value('casoId')) : undefined,
            // A client's notes: linked to the client, or to one of the client's cases.
            shape.cliente ? or(eq(notas.clienteId, value('clienteId')), eq(casos.clienteId, value('clienteId'))) : undefined,
            shape.etiqueta ? sql`exists (select 1 from nota_tags nt where nt.nota_id = ${notas.id} and nt.tag_id = ${value('etiquetaId')})` : undefined,
            shape.q ? or(sql`${notas.busqueda} @@ websearch_to_tsquery('bufete_es', ${value('q')})`, sql`lower(${notas.titulo}) like ${value('pattern')}`) : undefined,
            shape.cursor ? paging.afterPlaceholders() : undefined,
          ),
        )
        .orderBy(...paging.orderBy)
        .limit(value('limit'))
        .prepare(statementName('notas_lista', key)),
    );
  });

  return {
    paging,

    async row(userId: string, id: string): Promise<NotaRow | undefined> {
      const [row] = await select()
        .where(and(eq(notas.id, id), eq(notas.userId, userId), legibleAhora()))
        .limit(1);
      return row as NotaRow | undefined;
    },

    /** Most recently updated first; search in title and content (Spanish stemming); by case, client and tag. One row more than `limit` tells there is a next page. */
    page(userId: string, query: NoteListQuery) {
      const shape = { caso: !!query.casoId, cliente: !!query.clienteId, etiqueta: !!query.etiquetaId, q: !!query.q, cursor: !!query.cursor };
      return pageStatement(JSON.stringify(shape)).execute({
        userId,
        personaId: personaQuePregunta(),
        casoId: query.casoId,
        clienteId: query.clienteId,
        etiquetaId: query.etiquetaId,
        q: query.q,
        pattern: query.q ? containsPattern(query.q) : undefined,
        ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
        limit: query.limit + 1,
      }) as Promise<(NotaRow & { cursorKey: string })[]>;
    },

    casesWithNotes(userId: string): Promise<{ id: string; titulo: string }[]> {
      return db
        .selectDistinct({ id: casos.id, titulo: casos.titulo })
        .from(notas)
        .innerJoin(casos, and(eq(casos.id, notas.casoId), eq(casos.userId, userId)))
        .where(and(eq(notas.userId, userId), legibleAhora()))
        .orderBy(casos.titulo);
    },

    /** A new note with its tags, in one transaction. */
    insert(
      userId: string,
      values: { titulo: string; contenido: RichTextNode; contenidoTexto: string; casoId: string | null; clienteId: string | null },
      tagIds: string[],
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notas)
          .values({ userId, ...values })
          .returning({ id: notas.id });
        await setTags(tx, row!.id, tagIds, false);
        return row!.id;
      });
    },

    /** Changes a note and, when given, replaces its tags, in one transaction; false when there is none of this lawyer's. */
    update(userId: string, id: string, values: NoteValues, tagIds: string[] | undefined): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(notas)
          .set(values)
          .where(and(eq(notas.id, id), eq(notas.userId, userId), legibleAhora()))
          .returning({ id: notas.id });
        if (updated.length === 0) return false;
        if (tagIds !== undefined) await setTags(tx, id, tagIds, true);
        return true;
      });
    },

    /** Locks a note for its deletion, in the caller's transaction; false when there is none. */
    async lock(tx: Transaction, userId: string, id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: notas.id })
        .from(notas)
        .where(and(eq(notas.id, id), eq(notas.userId, userId), legibleAhora()))
        .for('update');
      return !!row;
    },

    async delete(tx: Transaction, userId: string, ids: string[]): Promise<void> {
      if (ids.length) await tx.delete(notas).where(and(inArray(notas.id, ids), eq(notas.userId, userId)));
    },

    async countForCase(userId: string, casoId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notas)
        .where(and(eq(notas.casoId, casoId), eq(notas.userId, userId), legibleAhora()));
      return Number(row?.n ?? 0);
    },

    async idsOfCase(tx: Transaction, userId: string, casoId: string): Promise<string[]> {
      return (
        await tx
          .select({ id: notas.id })
          .from(notas)
          .where(and(eq(notas.casoId, casoId), eq(notas.userId, userId)))
      ).map((row) => row.id);
    },

    textsForCase(userId: string, casoId: string): Promise<{ titulo: string; texto: string }[]> {
      return db
        .select({ titulo: notas.titulo, texto: notas.contenidoTexto })
        .from(notas)
        .where(and(eq(notas.userId, userId), eq(notas.casoId, casoId), legibleAhora()))
        .orderBy(desc(notas.updatedAt))
        .limit(50);
    },

    searchTexts(userId: string, question: string, limit: number): Promise<{ titulo: string; texto: string }[]> {
      return db
        .select({ titulo: notas.titulo, texto: notas.contenidoTexto })
        .from(notas)
        .where(and(eq(notas.userId, userId), sql`${notas.busqueda} @@ ${anyTermsQuery(question)}`, legibleAhora()))
        .orderBy(sql`ts_rank_cd(${notas.busqueda}, ${anyTermsQuery(question)}) desc`)
        .limit(limit);
    },

    async exists(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notas.id })
        .from(notas)
        .where(and(eq(notas.id, id), eq(notas.userId, userId), legibleAhora()))
        .limit(1);
      return !!row;
    },
  };
}
