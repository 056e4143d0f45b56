import type { Imagen } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { imagenes } from './schema';
import { detectImageKind, IMAGE_MIME } from '../../extraction/file-types';
import { appError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import type { StorageQuota } from '../../storage/quota';
import { type Storage, storageKey } from '../../storage';
import type { CaseContentOwner, CaseService } from '../cases/service';
import type { NoteContentOwner } from '../notes/service';

type Row = typeof imagenes.$inferSelect;

function toImagen(row: Row): Imagen {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo,
    tamaño: row.tamano,
    url: `/api/imagenes/${row.id}/file`,
    caso_id: row.casoId,
    nota_id: row.notaId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface ImageOwner {
  casoId: string | null;
  notaId: string | null;
}

/** Images of a case or a note: raster images up to 10 MB, checked from their bytes. */
export function createImageService(
  db: Database,
  deps: { storage: Storage; quota: StorageQuota; cases: CaseService; logger: Logger; assertNoteOwned: (userId: string, notaId: string) => Promise<void> },
) {
  const removeFiles = (rows: { key: string }[]) => async () => {
    for (const { key } of rows) await deps.storage.delete('imagenes', key);
  };

  async function assertOwner(userId: string, owner: ImageOwner) {
    if (owner.casoId) await deps.cases.assertOwned(userId, owner.casoId);
    else if (owner.notaId) await deps.assertNoteOwned(userId, owner.notaId);
    else throw notFound();
  }

  return {
    async list(userId: string, owner: ImageOwner): Promise<Imagen[]> {
      await assertOwner(userId, owner);
      const rows = await db
        .select()
        .from(imagenes)
        .where(and(eq(imagenes.userId, userId), owner.casoId ? eq(imagenes.casoId, owner.casoId) : eq(imagenes.notaId, owner.notaId!)))
        .orderBy(desc(imagenes.createdAt))
        .limit(500);
      return rows.map(toImagen);
    },

    async upload(userId: string, file: ReceivedFile, owner: ImageOwner): Promise<Imagen> {
      try {
        if (file.size > LIMITS.imageMaxBytes) throw appError('FILE_TOO_LARGE', MSG.documents.imagenGrande);
        const kind = detectImageKind(file.head);
        if (!kind) throw appError('UNSUPPORTED_TYPE', MSG.documents.soloImagenes);
        await assertOwner(userId, owner);
        await deps.quota.assertRoom(userId, file.size);
        const folder = owner.casoId ? `casos/${owner.casoId}` : `notas/${owner.notaId}`;
        const key = storageKey(userId, folder, file.name);
        await deps.storage.putFile('imagenes', key, file.path, { contentType: IMAGE_MIME[kind], size: file.size });
        try {
          const [row] = await deps.quota.insertWithin((tx) =>
            tx
              .insert(imagenes)
              .values({ userId, nombre: file.name, tipo: IMAGE_MIME[kind], tamano: file.size, storageKey: key, casoId: owner.casoId, notaId: owner.notaId })
              .returning(),
          );
          return toImagen(row!);
        } catch (error) {
          // The spec: if the database insert fails, the uploaded file is removed.
          await deps.storage.delete('imagenes', key).catch((cleanup: unknown) => deps.logger.error('No se pudo borrar un archivo recién guardado', cleanup));
          throw error;
        }
      } finally {
        await file.discard();
      }
    },

    async file(userId: string, id: string, download: boolean): Promise<StoredFile> {
      const [row] = await db.select().from(imagenes).where(and(eq(imagenes.id, id), eq(imagenes.userId, userId))).limit(1);
      if (!row) throw notFound();
      return { bucket: 'imagenes', key: row.storageKey, name: row.nombre, type: row.tipo, download };
    },

    /** Which of these stored keys an image still points at (the orphan sweeper). */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: imagenes.storageKey }).from(imagenes).where(inArray(imagenes.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },

    async remove(userId: string, id: string): Promise<void> {
      const [row] = await db.delete(imagenes).where(and(eq(imagenes.id, id), eq(imagenes.userId, userId))).returning({ key: imagenes.storageKey });
      if (!row) throw notFound();
      await deps.storage.delete('imagenes', row.key);
    },

    /** What the case module asks of images: count a case's and remove them with their files. */
    caseContent: {
      name: 'imagenes',
      async countForCase(userId: string, casoId: string) {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(imagenes).where(and(eq(imagenes.casoId, casoId), eq(imagenes.userId, userId)));
        return Number(row?.n ?? 0);
      },
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        const rows = await tx.delete(imagenes).where(and(eq(imagenes.casoId, casoId), eq(imagenes.userId, userId))).returning({ key: imagenes.storageKey });
        return removeFiles(rows);
      },
    } satisfies CaseContentOwner,

    /** What the notes module asks of images: remove the images of notes being deleted. */
    noteContent: {
      async removeForNotes(tx: Transaction, userId: string, notaIds: string[]) {
        if (notaIds.length === 0) return async () => {};
        const rows = await tx.delete(imagenes).where(and(inArray(imagenes.notaId, notaIds), eq(imagenes.userId, userId))).returning({ key: imagenes.storageKey });
        return removeFiles(rows);
      },
    } satisfies NoteContentOwner,
  };
}

export type ImageService = ReturnType<typeof createImageService>;
