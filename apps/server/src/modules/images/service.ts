import type { Imagen } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { imagenes } from '../../db/schema';
import { detectImageKind, IMAGE_MIME } from '../../extraction/file-types';
import { AppError, notFound } from '../../http/errors';
import type { StoredFile } from '../../http/file-response';
import type { ReceivedFile } from '../../http/upload';
import type { Logger } from '../../logger';
import { type Storage, storageKey } from '../../storage';
import type { CaseService } from '../cases/service';

type Row = typeof imagenes.$inferSelect;

function toImagen(row: Row): Imagen {
  return {
    id: row.id,
    nombre: row.nombre,
    tipo: row.tipo,
    tamaño: row.tamano,
    url: `/api/imagenes/${row.id}/archivo`,
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
export function createImageService(db: Database, deps: { storage: Storage; cases: CaseService; logger: Logger; assertNoteOwned: (userId: string, notaId: string) => Promise<void> }) {
  async function assertOwner(userId: string, owner: ImageOwner) {
    if (owner.casoId) await deps.cases.get(userId, owner.casoId);
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
        if (file.size > LIMITS.imageMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', MSG.documents.imagenGrande);
        const kind = detectImageKind(file.head);
        if (!kind) throw new AppError(415, 'UNSUPPORTED_TYPE', MSG.documents.soloImagenes);
        await assertOwner(userId, owner);
        const folder = owner.casoId ? `casos/${owner.casoId}` : `notas/${owner.notaId}`;
        const key = storageKey(userId, folder, file.name);
        await deps.storage.putFile('imagenes', key, file.path, { contentType: IMAGE_MIME[kind], size: file.size });
        try {
          const [row] = await db
            .insert(imagenes)
            .values({ userId, nombre: file.name, tipo: IMAGE_MIME[kind], tamano: file.size, storageKey: key, casoId: owner.casoId, notaId: owner.notaId })
            .returning();
          return toImagen(row!);
        } catch (error) {
          // The spec: if the database insert fails, the uploaded file is removed.
          await deps.storage.delete('imagenes', key).catch((cleanup: unknown) => deps.logger.error(`No se pudo borrar ${key}`, cleanup));
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

    async remove(userId: string, id: string): Promise<void> {
      const [row] = await db.delete(imagenes).where(and(eq(imagenes.id, id), eq(imagenes.userId, userId))).returning({ key: imagenes.storageKey });
      if (!row) throw notFound();
      await deps.storage.delete('imagenes', row.key);
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
