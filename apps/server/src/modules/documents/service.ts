import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Documento, ExtractionTest, Page } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { DOCUMENT_MIME, type DocumentKind, detectDocumentKind, detectPhotoKind, EXTRACTABLE, PHOTO_MIME } from '../../extraction/file-types';
import { ExtractionBusyError, type ExtractionPool } from '../../extraction/pool';
import { appError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { type Storage, storageKey } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import type { CaseContentOwner, CaseService } from '../cases/service';
import { type HistoryService, ERASED_AT_REQUEST } from '../history/service';
import type { ClientService } from '../clients/service';
import { toDocumento } from './mappers';
import { createDocumentQueries, type DocumentListQuery } from './queries';

/** Text of a file through the bounded pool; a full queue is a 503 the person can retry. */
async function extractOrBusy(pool: ExtractionPool, path: string, kind: Parameters<ExtractionPool['extract']>[1]) {
  try {
    return await pool.extract(path, kind);
  } catch (error) {
    if (error instanceof ExtractionBusyError) throw appError('SERVER_BUSY', MSG.documents.servidorOcupado);
    throw error;
  }
}

/** The background job that reads an uploaded document's text (documents/jobs.ts registers it). */
export const EXTRACT_TEXT_JOB = 'documentos.leer-texto';
/** How long an upload waits for its text before answering: the usual file is read by then; a busy server answers at once and reads it later. */
const UPLOAD_WAITS_FOR_TEXT_MS = 3000;

export function createDocumentService(
  db: Database,
  deps: {
    storage: Storage;
    quota: StorageQuota;
    extraction: ExtractionPool;
    queue: JobQueue;
    tmpDir: string;
    cases: CaseService;
    clients: ClientService;
    logger: Logger;
    history: HistoryService;
  },
) {
  const queries = createDocumentQueries(db);

  async function ownedRow(userId: string, id: string) {
    const row = await queries.row(userId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Newest first; the search box matches the name or, in Spanish full text, the content. */
    async list(userId: string, query: DocumentListQuery): Promise<Page<Documento>> {
      const rows = await queries.page(userId, query);
      return queries.paging.page(rows, query.limit, (row) => toDocumento(row));
    },

    async get(userId: string, id: string): Promise<Documento> {
      const row = await queries.listed(userId, id);
      if (!row) throw notFound();
      const { contenido } = await ownedRow(userId, id);
      return toDocumento(row, contenido);
    },

    /**
     * Type from the bytes, the file stored, then the row; its text is read
     * after, by the queue (an upload never waits on a busy extraction: a
     * burst of uploads is stored whole and read as workers free up), and the
     * upload waits a moment for it so the usual document answers with its
     * text. If the row cannot be written the stored file is removed; a crash
     * before the insert leaves no row pointing at a missing file.
     */
    async upload(
      userId: string,
      file: ReceivedFile,
      links: { casoId: string | null; clienteId: string | null; /** Sent by this client from their portal (issue 38). */ fromClient?: string },
    ): Promise<Documento> {
      try {
        if (file.size > LIMITS.documentMaxBytes) throw appError('FILE_TOO_LARGE', MSG.documents.archivoGrande);
        // A client may also send a phone's photo from the portal; it is kept as it came, its type from its bytes.
        const kind = detectDocumentKind(file.head, file.name);
        const photo = !kind && links.fromClient ? detectPhotoKind(file.head) : null;
        if (!kind && !photo) throw appError('UNSUPPORTED_TYPE', links.fromClient ? MSG.documents.formatoNoPermitidoPortal : MSG.documents.formatoNoPermitido);
        const tipo = kind ? DOCUMENT_MIME[kind] : PHOTO_MIME[photo!];
        if (links.casoId) await deps.cases.assertOwned(userId, links.casoId);
        if (links.clienteId) await deps.clients.assertOwned(userId, links.clienteId);
        await deps.quota.assertRoom(userId, file.size);
        const readable = !!kind && EXTRACTABLE.has(kind);
        const key = storageKey(userId, links.casoId ? `casos/${links.casoId}` : 'documentos', file.name);
        await deps.storage.putFile('documentos', key, file.path, { contentType: tipo, size: file.size });
        let created: { id: string; jobId: string | null };
        try {
          created = await deps.quota.insertWithin(async (tx) => {
            const id = await queries.insert(tx, {
              userId,
              nombre: file.name,
              tipo,
              tamano: file.size,
              storageKey: key,
              contenido: null,
              extraccion: readable ? 'pendiente' : null,
              casoId: links.casoId,
              clienteId: links.clienteId,
              recibidoClienteAt: links.fromClient ? new Date() : null,
            });
            // Its name, never its contents.
            await deps.history.record(tx, userId, {
              accion: 'crear',
              entidad: 'documento',
              entidadId: id,
              casoId: links.casoId,
              resumen: links.fromClient
                ? `«${links.fromClient.slice(0, 120)}» envió «${file.name.slice(0, 150)}» desde el portal`
                : `Documento «${file.name.slice(0, 150)}» subido`,
            });
            const jobId = readable ? await deps.queue.enqueue(EXTRACT_TEXT_JOB, { userId, id }, { executor: tx }) : null;
            return { id, jobId };
          });
        } catch (error) {
          await deps.storage.delete('documentos', key).catch((cleanup: unknown) => deps.logger.error('No se pudo borrar un archivo recién guardado', cleanup));
          throw error;
        }
        // Read now when a thread is free. Otherwise the queue's poll takes it, a few jobs at a time per process:
        // started here, every upload of a burst would wait in memory at once.
        if (created.jobId && deps.extraction.free) await deps.queue.runNow(created.jobId, { deadlineMs: UPLOAD_WAITS_FOR_TEXT_MS }).catch(() => 'pending');
        return this.get(userId, created.id);
      } finally {
        await file.discard();
      }
    },

    /**
     * The queue's job: a document's text, read from its stored file through
     * the bounded pool, waiting its turn there; a file that cannot be read is
     * stored with the pool's explanatory text.
     */
    async readText(userId: string, id: string): Promise<void> {
      const row = await queries.pendingText(userId, id);
      if (!row) return;
      // The kind was decided from the bytes at upload; its type says which it was.
      const kind = (Object.keys(DOCUMENT_MIME) as DocumentKind[]).find((candidate) => DOCUMENT_MIME[candidate] === row.tipo);
      if (!kind || !EXTRACTABLE.has(kind)) return queries.setText(userId, id, null);
      await mkdir(deps.tmpDir, { recursive: true });
      // Read at once (nothing awaited in between): the stream's errors reach the pipeline.
      const object = await deps.storage.get('documentos', row.storageKey);
      if (!object) return queries.setText(userId, id, null);
      const temp = path.join(deps.tmpDir, `${randomUUID()}.leer`);
      try {
        await pipeline(object.body, createWriteStream(temp));
        // In the pool's background line: it waits for a thread behind any request, instead of failing and copying the file again later.
        await queries.setText(userId, id, await deps.extraction.extract(temp, kind, { background: true }));
      } finally {
        await rm(temp, { force: true });
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

    /** 'Marcar como revisado': what a client sent, reviewed by the lawyer (or back to 'por revisar'), in the history. */
    async setReviewed(userId: string, id: string, revisado: boolean): Promise<Documento> {
      const before = await this.get(userId, id);
      if (!before.recibido_cliente) throw appError('VALIDATION_ERROR', MSG.portal.noRecibido);
      if (before.por_revisar === revisado) {
        await db.transaction(async (tx) => {
          await queries.setReviewed(tx, userId, id, revisado);
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'documento',
            entidadId: id,
            casoId: before.caso_id,
            resumen: `Documento «${before.nombre.slice(0, 150)}» del cliente ${revisado ? 'revisado' : 'marcado por revisar'}`,
          });
        });
      }
      return this.get(userId, id);
    },

    /** 'Visible para el cliente': shown in the client's portal, or no longer (in the history either way). */
    async setVisible(userId: string, id: string, visible: boolean): Promise<Documento> {
      const before = await this.get(userId, id);
      if (before.visible_cliente !== visible) {
        await db.transaction(async (tx) => {
          await queries.setVisible(tx, userId, id, visible);
          await deps.history.record(tx, userId, {
            accion: 'editar',
            entidad: 'documento',
            entidadId: id,
            casoId: before.caso_id,
            resumen: `Documento «${before.nombre.slice(0, 150)}» ${visible ? 'visible para el cliente en su portal' : 'ya no visible para el cliente'}`,
          });
        });
      }
      return this.get(userId, id);
    },

    async file(userId: string, id: string, download: boolean): Promise<StoredFile> {
      const row = await ownedRow(userId, id);
      return { bucket: 'documentos', key: row.storageKey, name: row.nombre, type: row.tipo, download };
    },

    /** Deletes the document and its file; erased at a client's request, its history entry names no file (see notes.remove). */
    async remove(userId: string, id: string, options: { atClientRequest?: boolean } = {}): Promise<void> {
      const { nombre, caso_id: casoId } = await this.get(userId, id);
      const key = await queries.delete(userId, id);
      if (key === undefined) throw notFound();
      const resumen = options.atClientRequest ? ERASED_AT_REQUEST('Documento eliminado') : `Documento «${nombre.slice(0, 150)}» eliminado`;
      await deps.history.record(db, userId, { accion: 'eliminar', entidad: 'documento', entidadId: id, casoId, resumen });
      await deps.storage.delete('documentos', key);
    },

    /** What the case module asks of documents: count them and remove them with their files. */
    caseContent: {
      name: 'documentos',
      countForCase: queries.countForCase,
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        const keys = await queries.deleteForCase(tx, userId, casoId);
        return async () => {
          for (const key of keys) await deps.storage.delete('documentos', key);
        };
      },
    } satisfies CaseContentOwner,

    /** 404 unless every one of these documents is the lawyer's (reads ids only, no text). */
    async assertOwnedMany(userId: string, ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return;
      if ((await queries.countOwned(userId, unique)) !== unique.length) throw notFound();
    },

    /** The text of some of the user's documents (the assistant's context); any id not theirs is a 404. */
    async textsFor(userId: string, ids: string[]): Promise<{ id: string; nombre: string; tipo: string; contenido: string }[]> {
      if (ids.length === 0) return [];
      const unique = [...new Set(ids)];
      const rows = await queries.texts(userId, unique);
      if (rows.length !== unique.length) throw notFound();
      return rows;
    },

    /** The user's documents that best match a question (Spanish full text), with their text. */
    searchTexts: queries.searchTexts,

    /** The newest documents for the assistant's context picker, and which case each belongs to. */
    recent: queries.recent,

    /** The ids of the documents of some cases (picking a case in the assistant adds them all). */
    async idsByCase(userId: string, casoIds: string[]): Promise<Map<string, string[]>> {
      const result = new Map<string, string[]>();
      if (casoIds.length === 0) return result;
      const rows = await queries.idsOfCases(userId, casoIds);
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
    referencedKeys: queries.referencedKeys,
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
