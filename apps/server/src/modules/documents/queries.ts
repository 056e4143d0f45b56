import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { ListRow } from './mappers';
import type { Database, Transaction } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { anyTermsQuery } from '../../db/search';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { documentos } from './schema';
import { alcanceDeLaLista, soloCasosVisiblesPreparado } from '../../http/case-scope';

const listColumns = {
  id: documentos.id,
  nombre: documentos.nombre,
  tipo: documentos.tipo,
  tamano: documentos.tamano,
  casoId: documentos.casoId,
  clienteId: documentos.clienteId,
  // Instants as ISO text: a page's rows are made by a mapper resolved once (db/prepared.ts).
  createdAt: isoInstant(documentos.createdAt),
  extraccion: documentos.extraccion,
  visibleCliente: documentos.visibleCliente,
  recibidoClienteAt: sql<string | null>`${isoInstant(documentos.recibidoClienteAt)}`,
  revisadoAt: sql<string | null>`${isoInstant(documentos.revisadoAt)}`,
  casoTitulo: casos.titulo,
  clienteNombre: clientes.nombre,
};
export interface DocumentListQuery {
  q?: string;
  casoId?: string;
  clienteId?: string;
  cursor?: string;
  limit: number;
  /** Only what the client sent from their portal ('Recibidos del cliente'). */
  recibidos?: boolean;
  /** The contract's names are not these: an object of its shape would type-check here and lose its filters. */
  caso_id?: never;
  cliente_id?: never;
}

type DocumentText = { id: string; nombre: string; tipo: string; contenido: string };
const textColumns = { id: documentos.id, nombre: documentos.nombre, tipo: documentos.tipo, contenido: documentos.contenido };
const withText = (rows: { id: string; nombre: string; tipo: string; contenido: string | null }[]): DocumentText[] =>
  rows.map((row) => ({ ...row, contenido: row.contenido ?? '' }));

/** Documents' SQL, always by their lawyer; case and client joined in the same query, scoped by lawyer too. */
export function createDocumentQueries(db: Database) {
  const paging = keyset({ sort: documentos.createdAt, id: documentos.id, order: 'desc', kind: 'timestamp' });
  const select = () =>
    db
      .select({ ...listColumns, cursorKey: paging.cursorKey })
      .from(documentos)
      .leftJoin(casos, and(eq(casos.id, documentos.casoId), eq(casos.userId, documentos.userId)))
      .leftJoin(clientes, and(eq(clientes.id, documentos.clienteId), eq(clientes.userId, documentos.userId)));

  /** The list, prepared once per combination of its filters (db/prepared.ts). */
  const pageStatement = preparedByShape((key) => {
    const shape = JSON.parse(key) as { caso: boolean; cliente: boolean; recibidos: boolean; q: boolean; asignados: boolean; cursor: boolean };
    const value = sql.placeholder;
    return withFlatRows(
      select()
        .where(
          and(
            eq(documentos.userId, value('userId')),
            shape.caso ? eq(documentos.casoId, value('casoId')) : undefined,
            shape.asignados ? soloCasosVisiblesPreparado(documentos.casoId) : undefined,
            shape.recibidos ? isNotNull(documentos.recibidoClienteAt) : undefined,
            // A client's documents: linked to the client, or to one of the client's cases.
            shape.cliente ? or(eq(documentos.clienteId, value('clienteId')), eq(casos.clienteId, value('clienteId'))) : undefined,
            shape.q ? or(sql`${documentos.busqueda} @@ websearch_to_tsquery('bufete_es', ${value('q')})`, sql`lower(${documentos.nombre}) like ${value('pattern')}`) : undefined,
            shape.cursor ? paging.afterPlaceholders() : undefined,
          ),
        )
        .orderBy(...paging.orderBy)
        .limit(value('limit'))
        .prepare(statementName('documentos_lista', key)),
    );
  });

  return {
    /** 'Visible para el cliente' (the client's portal). */
    async setReviewed(tx: Transaction, userId: string, id: string, revisado: boolean): Promise<void> {
      await tx
        .update(documentos)
        .set({ revisadoAt: revisado ? sql`now()` : null })
        .where(and(eq(documentos.userId, userId), eq(documentos.id, id)));
    },

    async setVisible(tx: Transaction, userId: string, id: string, visible: boolean): Promise<void> {
      await tx
        .update(documentos)
        .set({ visibleCliente: visible })
        .where(and(eq(documentos.userId, userId), eq(documentos.id, id)));
    },

    paging,

    /** Newest first; the search matches the name or, in Spanish full text, the content. One row more than `limit` tells there is a next page. */
    page(userId: string, query: DocumentListQuery) {
      const alcance = alcanceDeLaLista();
      const shape = { caso: !!query.casoId, cliente: !!query.clienteId, recibidos: !!query.recibidos, q: !!query.q, asignados: alcance.asignados, cursor: !!query.cursor };
      return pageStatement(JSON.stringify(shape)).execute({
        userId,
        casosVisibles: alcance.casosVisibles,
        casoId: query.casoId,
        clienteId: query.clienteId,
        q: query.q,
        pattern: query.q ? containsPattern(query.q) : undefined,
        ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
        limit: query.limit + 1,
      }) as Promise<(ListRow & { cursorKey: string })[]>;
    },

    async listed(userId: string, id: string) {
      const [row] = await select()
        .where(and(eq(documentos.id, id), eq(documentos.userId, userId)))
        .limit(1);
      return row;
    },

    async row(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(documentos)
        .where(and(eq(documentos.id, id), eq(documentos.userId, userId)))
        .limit(1);
      return row;
    },

    /** What the background reading of a document's text needs, while it waits for it. */
    async pendingText(userId: string, id: string) {
      const [row] = await db
        .select({ storageKey: documentos.storageKey, tipo: documentos.tipo, nombre: documentos.nombre })
        .from(documentos)
        .where(and(eq(documentos.id, id), eq(documentos.userId, userId), eq(documentos.extraccion, 'pendiente')))
        .limit(1);
      return row;
    },

    /** The text read from a document's file (a document deleted meanwhile takes none). */
    async setText(userId: string, id: string, contenido: string | null): Promise<void> {
      await db
        .update(documentos)
        .set({ contenido, extraccion: 'lista' })
        .where(and(eq(documentos.id, id), eq(documentos.userId, userId), eq(documentos.extraccion, 'pendiente')));
    },

    /** A new document's row, inside the caller's transaction (the storage quota's). */
    async insert(tx: Transaction, values: typeof documentos.$inferInsert): Promise<string> {
      const [row] = await tx.insert(documentos).values(values).returning({ id: documentos.id });
      return row!.id;
    },

    /** Deletes a document and gives its stored key (undefined when there was none of this lawyer's). */
    async delete(userId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .delete(documentos)
        .where(and(eq(documentos.id, id), eq(documentos.userId, userId)))
        .returning({ key: documentos.storageKey });
      return row?.key;
    },

    async countForCase(userId: string, casoId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(documentos)
        .where(and(eq(documentos.casoId, casoId), eq(documentos.userId, userId)));
      return Number(row?.n ?? 0);
    },

    /** Deletes a case's documents in the caller's transaction; their stored keys. */
    async deleteForCase(tx: Transaction, userId: string, casoId: string): Promise<string[]> {
      const rows = await tx
        .delete(documentos)
        .where(and(eq(documentos.casoId, casoId), eq(documentos.userId, userId)))
        .returning({ key: documentos.storageKey });
      return rows.map((row) => row.key);
    },

    /** How many of these (distinct) ids are the lawyer's documents. */
    async countOwned(userId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(documentos)
        .where(and(eq(documentos.userId, userId), inArray(documentos.id, ids)));
      return Number(row!.count);
    },

    async texts(userId: string, ids: string[]): Promise<DocumentText[]> {
      return withText(
        await db
          .select(textColumns)
          .from(documentos)
          .where(and(eq(documentos.userId, userId), inArray(documentos.id, ids))),
      );
    },

    /** The best matches of a question (Spanish full text, any of its words), with their text. */
    async searchTexts(userId: string, question: string, limit: number): Promise<DocumentText[]> {
      const rows = await db
        .select(textColumns)
        .from(documentos)
        .where(and(eq(documentos.userId, userId), sql`${documentos.busqueda} @@ ${anyTermsQuery(question)}`))
        .orderBy(sql`ts_rank_cd(${documentos.busqueda}, ${anyTermsQuery(question)}) desc`)
        .limit(limit);
      return withText(rows);
    },

    recent(userId: string, limit: number) {
      return db
        .select({
          id: documentos.id,
          nombre: documentos.nombre,
          tipo: documentos.tipo,
          caso_id: documentos.casoId,
          cliente_id: documentos.clienteId,
          createdAt: documentos.createdAt,
        })
        .from(documentos)
        .where(eq(documentos.userId, userId))
        .orderBy(sql`${documentos.createdAt} desc`, sql`${documentos.id} desc`)
        .limit(limit);
    },

    idsOfCases(userId: string, casoIds: string[]) {
      return db
        .select({ id: documentos.id, casoId: documentos.casoId })
        .from(documentos)
        .where(and(eq(documentos.userId, userId), inArray(documentos.casoId, casoIds)));
    },

    /** Which of these stored keys a document still points at. Not scoped by user: a maintenance read. */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: documentos.storageKey }).from(documentos).where(inArray(documentos.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },
  };
}
