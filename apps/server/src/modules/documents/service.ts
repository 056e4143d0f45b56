import type { Documento, ExtractionTest, Page } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { containsPattern, keyset } from '../../db/paging';
import { anyTermsQuery } from '../../db/search';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { documentos } from './schema';
import { DOCUMENT_MIME, detectDocumentKind, EXTRACTABLE } from '../../extraction/file-types';
import { ExtractionBusyError, type ExtractionPool } from '../../extraction/pool';
import { appError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import { type Storage, storageKey } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import type { CaseContentOwner, CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';

const listColumns = {
  id: documentos.id,
  nombre: documentos.nombre,
  tipo: documentos.tipo,
  tamano: documentos.tamano,
  casoId: documentos.casoId,
  clienteId: documentos.clienteId,
  createdAt: documentos.createdAt,
  casoTitulo: casos.titulo,
  clienteNombre: clientes.nombre,
};
interface ListRow {
  id: string;
  nombre: string;
  tipo: string;
  tamano: number;
  casoId: string | null;
  clienteId: string | null;
  createdAt: Date;
  casoTitulo: string | null;
  clienteNombre: string | null;
}

function toDocumento(row: ListRow, contenido?: string | null): Documento {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo,
    tamaño: row.tamano,
    url: `/api/documentos/${row.id}/file`,
    caso_id: row.casoId,
    cliente_id: row.clienteId,
    created_at: row.createdAt.toISOString(),
    caso: row.casoId && row.casoTitulo !== null ? { id: row.casoId, titulo: row.casoTitulo } : null,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre } : null,
    ...(contenido !== undefined ? { contenido } : {}),
  };
}

/** Text of a file through the bounded pool; a full queue is a 503 the person can retry. */
async function extractOrBusy(pool: ExtractionPool, path: string, kind: Parameters<ExtractionPool['extract']>[1]) {
  try {
    return await pool.extract(path, kind);
  } catch (error) {
    if (error instanceof ExtractionBusyError) throw appError('SERVER_BUSY', MSG.documents.servidorOcupado);
    throw error;
  }
}

export interface DocumentListQuery {
  q?: string;
  casoId?: string;
  clienteId?: string;
  cursor?: string;
  limit: number;
}

const paging = keyset({ sort: documentos.createdAt, id: documentos.id, order: 'desc', kind: 'timestamp' });

export function createDocumentService(
  db: Database,
  deps: { storage: Storage; quota: StorageQuota; extraction: ExtractionPool; cases: CaseService; clients: ClientService; logger: Logger },
) {
  const select = () =>
    db
      .select({ ...listColumns, cursorKey: paging.cursorKey })
      .from(documentos)
      .leftJoin(casos, and(eq(casos.id, documentos.casoId), eq(casos.userId, documentos.userId)))
      .leftJoin(clientes, and(eq(clientes.id, documentos.clienteId), eq(clientes.userId, documentos.userId)));

  async function ownedRow(userId: string, id: string) {
    const [row] = await db.select().from(documentos).where(and(eq(documentos.id, id), eq(documentos.userId, userId))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Newest first; the search box matches the name or, in Spanish full text, the content. */
    async list(userId: string, query: DocumentListQuery): Promise<Page<Documento>> {
      const rows = await select()
        .where(
          and(
            eq(documentos.userId, userId),
            query.casoId ? eq(documentos.casoId, query.casoId) : undefined,
            // A client's documents: linked to the client, or to one of the client's cases.
            query.clienteId ? or(eq(documentos.clienteId, query.clienteId), eq(casos.clienteId, query.clienteId)) : undefined,
            query.q
              ? or(
                  sql`${documentos.busqueda} @@ websearch_to_tsquery('bufete_es', ${query.q})`,
                  sql`lower(${documentos.nombre}) like ${containsPattern(query.q)}`,
                )
              : undefined,
            paging.after(query.cursor),
          ),
        )
        .orderBy(...paging.orderBy)
        .limit(query.limit + 1);
      return paging.page(rows, query.limit, (row) => toDocumento(row));
    },

    async get(userId: string, id: string): Promise<Documento> {
      const [row] = await select().where(and(eq(documentos.id, id), eq(documentos.userId, userId))).limit(1);
      if (!row) throw notFound();
      const { contenido } = await ownedRow(userId, id);
      return toDocumento(row, contenido);
    },

    /**
     * Type from the bytes, text extracted off the event loop, file stored,
     * then the row. If the row cannot be written the stored file is removed;
     * a crash before the insert leaves no row pointing at a missing file.
     */
    async upload(userId: string, file: ReceivedFile, links: { casoId: string | null; clienteId: string | null }): Promise<Documento> {
      try {
        if (file.size > LIMITS.documentMaxBytes) throw appError('FILE_TOO_LARGE', MSG.documents.archivoGrande);
        const kind = detectDocumentKind(file.head, file.name);
        if (!kind) throw appError('UNSUPPORTED_TYPE', MSG.documents.formatoNoPermitido);
        if (links.casoId) await deps.cases.assertOwned(userId, links.casoId);
        if (links.clienteId) await deps.clients.assertOwned(userId, links.clienteId);
        await deps.quota.assertRoom(userId, file.size);
        const contenido = EXTRACTABLE.has(kind) ? await extractOrBusy(deps.extraction, file.path, kind) : null;
        const key = storageKey(userId, links.casoId ? `casos/${links.casoId}` : 'documentos', file.name);
        await deps.storage.putFile('documentos', key, file.path, { contentType: DOCUMENT_MIME[kind], size: file.size });
        try {
          const [row] = await deps.quota.insertWithin((tx) =>
            tx
              .insert(documentos)
              .values({ userId, nombre: file.name, tipo: DOCUMENT_MIME[kind], tamano: file.size, storageKey: key, contenido, casoId: links.casoId, clienteId: links.clienteId })
              .returning({ id: documentos.id }),
          );
          return this.get(userId, row!.id);
        } catch (error) {
          await deps.storage.delete('documentos', key).catch((cleanup: unknown) => deps.logger.error('No se pudo borrar un archivo recién guardado', cleanup));
          throw error;
        }
      } finally {
        await file.discard();
      }
    },

    /** 'Probar Extracción': the text of a file, saving nothing. */
    async extractionTest(file: ReceivedFile): Promise<ExtractionTest> {
      try {
        const kind = detectDocumentKind(file.head, file.name);
        if (!kind || !EXTRACTABLE.has(kind)) throw appError('UNSUPPORTED_TYPE', MSG.documents.formatoExtraccion);
        const text = (await extractOrBusy(deps.extraction, file.path, kind)) ?? '';
        return { texto: text.slice(0, 500), longitud: text.length, tipo: DOCUMENT_MIME[kind], tamaño_mb: Number((file.size / (1024 * 1024)).toFixed(2)) };
      } finally {
        await file.discard();
      }
    },

    async file(userId: string, id: string, download: boolean): Promise<StoredFile> {
      const row = await ownedRow(userId, id);
      return { bucket: 'documentos', key: row.storageKey, name: row.nombre, type: row.tipo, download };
    },

    async remove(userId: string, id: string): Promise<void> {
      const [row] = await db.delete(documentos).where(and(eq(documentos.id, id), eq(documentos.userId, userId))).returning({ key: documentos.storageKey });
      if (!row) throw notFound();
      await deps.storage.delete('documentos', row.key);
    },

    /** What the case module asks of documents: count them and remove them with their files. */
    caseContent: {
      name: 'documentos',
      async countForCase(userId: string, casoId: string) {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(documentos).where(and(eq(documentos.casoId, casoId), eq(documentos.userId, userId)));
        return Number(row?.n ?? 0);
      },
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        const rows = await tx.delete(documentos).where(and(eq(documentos.casoId, casoId), eq(documentos.userId, userId))).returning({ key: documentos.storageKey });
        return async () => {
          for (const { key } of rows) await deps.storage.delete('documentos', key);
        };
      },
    } satisfies CaseContentOwner,

    /** The text of some of the user's documents (the assistant's context); any id not theirs is a 404. */
    /** 404 unless every one of these documents is the lawyer's (reads ids only, no text). */
    async assertOwnedMany(userId: string, ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return;
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(documentos)
        .where(and(eq(documentos.userId, userId), inArray(documentos.id, unique)));
      if (Number(row!.count) !== unique.length) throw notFound();
    },

    async textsFor(userId: string, ids: string[]): Promise<{ id: string; nombre: string; tipo: string; contenido: string }[]> {
      if (ids.length === 0) return [];
      const unique = [...new Set(ids)];
      const rows = await db
        .select({ id: documentos.id, nombre: documentos.nombre, tipo: documentos.tipo, contenido: documentos.contenido })
        .from(documentos)
        .where(and(eq(documentos.userId, userId), inArray(documentos.id, unique)));
      if (rows.length !== unique.length) throw notFound();
      return rows.map((row) => ({ ...row, contenido: row.contenido ?? '' }));
    },

    /** The user's documents that best match a question (Spanish full text), with their text. */
    async searchTexts(userId: string, question: string, limit: number): Promise<{ id: string; nombre: string; tipo: string; contenido: string }[]> {
      const rows = await db
        .select({ id: documentos.id, nombre: documentos.nombre, tipo: documentos.tipo, contenido: documentos.contenido })
        .from(documentos)
        .where(and(eq(documentos.userId, userId), sql`${documentos.busqueda} @@ ${anyTermsQuery(question)}`))
        .orderBy(sql`ts_rank_cd(${documentos.busqueda}, ${anyTermsQuery(question)}) desc`)
        .limit(limit);
      return rows.map((row) => ({ ...row, contenido: row.contenido ?? '' }));
    },

    /** The newest documents for the assistant's context picker, and which case each belongs to. */
    async recent(userId: string, limit: number) {
      return db
        .select({ id: documentos.id, nombre: documentos.nombre, tipo: documentos.tipo, caso_id: documentos.casoId, cliente_id: documentos.clienteId, createdAt: documentos.createdAt })
        .from(documentos)
        .where(eq(documentos.userId, userId))
        .orderBy(sql`${documentos.createdAt} desc`, sql`${documentos.id} desc`)
        .limit(limit);
    },

    /** The ids of the documents of some cases (picking a case in the assistant adds them all). */
    async idsByCase(userId: string, casoIds: string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (casoIds.length === 0) return result;
      const rows = await db
        .select({ id: documentos.id, casoId: documentos.casoId })
        .from(documentos)
        .where(and(eq(documentos.userId, userId), inArray(documentos.casoId, casoIds)));
      for (const row of rows) result.set(row.casoId!, [...(result.get(row.casoId!) ?? []), row.id]);
      return result;
    },

    /**
     * A chat attachment (spec: bucket documentos, folder chat-uploads): 10 MB,
     * only what has text to extract, extracted like a document and stored.
     * The caller keeps the returned key in its own row.
     */
    async storeChatFile(userId: string, file: ReceivedFile): Promise<{ nombre: string; tipo: string; tamano: number; storageKey: string; contenido: string }> {
      try {
        if (file.size > LIMITS.chatFileMaxBytes) throw appError('FILE_TOO_LARGE', MSG.ai.archivoGrande(file.name));
        const kind = detectDocumentKind(file.head, file.name);
        if (!kind || !EXTRACTABLE.has(kind)) throw appError('UNSUPPORTED_TYPE', MSG.ai.archivoNoCompatible(file.name));
        await deps.quota.assertRoom(userId, file.size);
        const contenido = (await extractOrBusy(deps.extraction, file.path, kind)) ?? '';
        const key = storageKey(userId, 'chat-uploads', file.name);
        await deps.storage.putFile('documentos', key, file.path, { contentType: DOCUMENT_MIME[kind], size: file.size });
        return { nombre: file.name, tipo: DOCUMENT_MIME[kind], tamano: file.size, storageKey: key, contenido };
      } finally {
        await file.discard();
      }
    },

    /** Removes a stored file this module wrote for another (a chat attachment). */
    async deleteStored(key: string): Promise<void> {
      await deps.storage.delete('documentos', key);
    },

    /** Which of these stored keys a document still points at (the orphan sweeper). Not scoped by user: a maintenance read. */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: documentos.storageKey }).from(documentos).where(inArray(documentos.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
