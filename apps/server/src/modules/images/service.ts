import type { Imagen } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import type { Database, Transaction } from '../../db/client';
import { detectImageKind, IMAGE_MIME } from '../../extraction/file-types';
import { appError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import type { StorageQuota } from '../../storage/quota';
import { type Storage, storageKey } from '../../storage';
import type { CaseContentOwner, CaseService } from '../cases/service';
import type { NoteContentOwner } from '../notes/service';
import { toImagen } from './mappers';
import { createImageQueries } from './queries';

export interface ImageOwner {
  casoId: string | null;
  notaId: string | null;
}

/** Images of a case or a note: raster images up to 10 MB, checked from their bytes. */
export function createImageService(
  db: Database,
  deps: { storage: Storage; quota: StorageQuota; cases: CaseService; logger: Logger; assertNoteOwned: (userId: string, notaId: string) => Promise<void> },
) {
  const queries = createImageQueries(db);
  const removeFiles = (keys: string[]) => async () => {
    for (const key of keys) await deps.storage.delete('imagenes', key);
  };

  async function assertOwner(userId: string, owner: ImageOwner) {
    if (owner.casoId) await deps.cases.assertOwned(userId, owner.casoId);
    else if (owner.notaId) await deps.assertNoteOwned(userId, owner.notaId);
    else throw notFound();
  }

  return {
    async list(userId: string, owner: ImageOwner): Promise<Imagen[]> {
      await assertOwner(userId, owner);
      return (await queries.of(userId, owner, 500)).map(toImagen);
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
          const row = await deps.quota.insertWithin((tx) =>
            queries.insert(tx, { userId, nombre: file.name, tipo: IMAGE_MIME[kind], tamano: file.size, storageKey: key, casoId: owner.casoId, notaId: owner.notaId }),
          );
          return toImagen(row);
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
      const row = await queries.row(userId, id);
      if (!row) throw notFound();
      return { bucket: 'imagenes', key: row.storageKey, name: row.nombre, type: row.tipo, download };
    },

    /** Which of these stored keys an image still points at (the orphan sweeper). */
    referencedKeys: queries.referencedKeys,

    async remove(userId: string, id: string): Promise<void> {
      const key = await queries.delete(userId, id);
      if (key === undefined) throw notFound();
      await deps.storage.delete('imagenes', key);
    },

    /** What the case module asks of images: count a case's and remove them with their files. */
    caseContent: {
      name: 'imagenes',
      countForCase: queries.countForCase,
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        return removeFiles(await queries.deleteForCase(tx, userId, casoId));
      },
    } satisfies CaseContentOwner,

    /** What the notes module asks of images: remove the images of notes being deleted. */
    noteContent: {
      async removeForNotes(tx: Transaction, userId: string, notaIds: string[]) {
        return removeFiles(await queries.deleteForNotes(tx, userId, notaIds));
      },
    } satisfies NoteContentOwner,
  };
}

export type ImageService = ReturnType<typeof createImageService>;
