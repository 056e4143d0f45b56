import type { Documento, Page } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern, decodeCursor, encodeCursor } from '../../db/paging';
import { casos, clientes, documentos } from '../../db/schema';
import { DOCUMENT_MIME, detectDocumentKind, EXTRACTABLE } from '../../extraction/file-types';
import type { ExtractionPool } from '../../extraction/pool';
import { AppError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import { type Storage, storageKey } from '../../storage';
import type { CaseService } from '../cases/service';
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
    url: `/api/documentos/${row.id}/archivo`,
    caso_id: row.casoId,
    cliente_id: row.clienteId,
    created_at: row.createdAt.toISOString(),
    caso: row.casoId && row.casoTitulo !== null ? { id: row.casoId, titulo: row.casoTitulo } : null,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre } : null,
    ...(contenido !== undefined ? { contenido } : {}),
  };
}

export interface DocumentListQuery {
  q?: string;
  casoId?: string;
  clienteId?: string;
  cursor?: string;
  limit: number;
}

export function createDocumentService(
  db: Database,
  deps: { storage: Storage; extraction: ExtractionPool; cases: CaseService; clients: ClientService; logger: Logger },
) {
  const select = () =>
    db
      .select(listColumns)
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
      const after = decodeCursor(query.cursor, 2);
      const rows = await select()
        .where(
          and(
            eq(documentos.userId, userId),
            query.casoId ? eq(documentos.casoId, query.casoId) : undefined,
            query.clienteId ? eq(documentos.clienteId, query.clienteId) : undefined,
            query.q
              ? or(
                  sql`${documentos.busqueda} @@ websearch_to_tsquery('spanish', ${query.q})`,
                  sql`lower(${documentos.nombre}) like ${containsPattern(query.q)}`,
                )
              : undefined,
            after
              ? or(lt(documentos.createdAt, new Date(after[0]!)), and(eq(documentos.createdAt, new Date(after[0]!)), lt(documentos.id, after[1]!)))
              : undefined,
          ),
        )
        .orderBy(desc(documentos.createdAt), desc(documentos.id))
        .limit(query.limit + 1);
      const page: ListRow[] = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return { items: page.map((row) => toDocumento(row)), nextCursor: rows.length > query.limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null };
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
        if (file.size > LIMITS.documentMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', MSG.documents.archivoGrande);
        const kind = detectDocumentKind(file.head, file.name);
        if (!kind) throw new AppError(415, 'UNSUPPORTED_TYPE', MSG.documents.formatoNoPermitido);
        if (links.casoId) await deps.cases.get(userId, links.casoId);
        if (links.clienteId) await deps.clients.assertOwned(userId, links.clienteId);
        const contenido = EXTRACTABLE.has(kind) ? await deps.extraction.extract(file.path, kind) : null;
        const key = storageKey(userId, links.casoId ? `casos/${links.casoId}` : 'documentos', file.name);
        await deps.storage.putFile('documentos', key, file.path, { contentType: DOCUMENT_MIME[kind], size: file.size });
        try {
          const [row] = await db
            .insert(documentos)
            .values({ userId, nombre: file.name, tipo: DOCUMENT_MIME[kind], tamano: file.size, storageKey: key, contenido, casoId: links.casoId, clienteId: links.clienteId })
            .returning({ id: documentos.id });
          return this.get(userId, row!.id);
        } catch (error) {
          await deps.storage.delete('documentos', key).catch((cleanup: unknown) => deps.logger.error(`No se pudo borrar ${key}`, cleanup));
          throw error;
        }
      } finally {
        await file.discard();
      }
    },

    /** 'Probar Extracción': the text of a file, saving nothing. */
    async extractionTest(file: ReceivedFile) {
      try {
        const kind = detectDocumentKind(file.head, file.name);
        if (!kind || !EXTRACTABLE.has(kind)) throw new AppError(415, 'UNSUPPORTED_TYPE', MSG.documents.formatoExtraccion);
        const text = (await deps.extraction.extract(file.path, kind)) ?? '';
        return { texto: text.slice(0, 500), longitud: text.length, tipo: DOCUMENT_MIME[kind], tamanoMb: Number((file.size / (1024 * 1024)).toFixed(2)) };
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

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(documentos).where(eq(documentos.userId, userId));
      return Number(row?.n ?? 0);
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
