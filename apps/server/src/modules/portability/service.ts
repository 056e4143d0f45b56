import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MSG, type Portabilidad } from '@bufete/shared';
import { and, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { AccountMailer } from '../../auth/account-mail';
import { users } from '../../auth/schema';
import { type Database, rowsOf } from '../../db/client';
import { AppError, appError, notFound } from '../../http/errors';
import type { ReceivedFile } from '../../http/upload';
import type { JobQueue } from '../../jobs/queue';
import { errorCodeOf, type Logger } from '../../logger';
import type { Storage } from '../../storage';
import type { HistoryService } from '../history/service';
import type { AccountExport } from './account-export';
import { type AccountImport, checkExportZip } from './account-import';
import { portabilidad } from './schema';

// The jobs this service enqueues, named here; jobs.ts registers their handlers.
export const EXPORT_JOB = 'cuenta.exportar';
export const IMPORT_JOB = 'cuenta.importar';

/** How long an export's download works; the file is deleted after. */
export const EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The progress row is written at most this often while a run works. */
const PROGRESS_EVERY_MS = 750;

type Row = typeof portabilidad.$inferSelect;

const toReply = (row: Row): Portabilidad => ({
  id: row.id,
  tipo: row.tipo,
  estado: row.estado,
  avance: row.avance,
  etapa: row.etapa,
  mensaje: row.mensaje,
  bytes: row.bytes,
  creada: row.createdAt.toISOString(),
  terminada: row.terminadaAt?.toISOString() ?? null,
  vence: row.venceAt?.toISOString() ?? null,
  contenido: row.contenido ?? null,
  importado: row.importado ?? null,
});

/** How long an uploaded zip waits for the lawyer to confirm its import before it is deleted. */
const CONFIRM_WINDOW_MS = 24 * 60 * 60 * 1000;

const isUniqueViolation = (error: unknown) => {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * 'Exportar todos mis datos' and 'Importar datos' (issue 28): the requests,
 * their background runs through the queue (a process that dies mid-way
 * leaves the job to another, which starts it over), the progress the page
 * follows, the owner-only download and the removal of each zip after its 24
 * hours.
 */
export function createPortabilityService(deps: {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  exporter: AccountExport;
  importer: AccountImport;
  accountMail: AccountMailer;
  history: HistoryService;
  appUrl: string;
  tmpDir: string;
  logger: Logger;
}) {
  const { db, storage, queue, logger } = deps;

  async function latest(userId: string, tipo: Row['tipo']) {
    const [row] = await db
      .select()
      .from(portabilidad)
      .where(and(eq(portabilidad.userId, userId), eq(portabilidad.tipo, tipo)))
      .orderBy(desc(portabilidad.createdAt))
      .limit(1);
    return row ?? null;
  }

  async function running(id: string) {
    const [row] = await db.select().from(portabilidad).where(eq(portabilidad.id, id)).limit(1);
    return row && (row.estado === 'en_cola' || row.estado === 'en_curso') ? row : null;
  }

  /** Writes the progress now and then (and always at the end). */
  function progressWriter(id: string) {
    let last = 0;
    let writing: Promise<unknown> = Promise.resolve();
    return (done: number, total: number, etapa: string) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      // Never 100 before it is stored: the page shows the download only when it is.
      const avance = Math.min(99, Math.floor((done / Math.max(total, 1)) * 100));
      writing = writing.then(() =>
        db
          .update(portabilidad)
          .set({ avance, etapa })
          .where(and(eq(portabilidad.id, id), eq(portabilidad.estado, 'en_curso')))
          .catch(() => {}),
      );
    };
  }

  async function finish(id: string, values: Partial<Row>) {
    await db
      .update(portabilidad)
      .set({ terminadaAt: new Date(), ...values })
      .where(eq(portabilidad.id, id));
  }

  async function start(userId: string, tipo: Row['tipo'], values: Partial<Row>, job: string, conflictMessage: string) {
    try {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(portabilidad)
          .values({ userId, tipo, ...values })
          .returning();
        const jobId = await queue.enqueue(job, { id: created!.id }, { executor: tx });
        await deps.history.record(tx, userId, {
          accion: tipo === 'exportacion' ? 'exportar' : 'importar',
          entidad: 'cuenta',
          resumen: tipo === 'exportacion' ? 'Exportación de todos los datos pedida' : 'Importación de datos de otra cuenta pedida',
        });
        return { created: created!, jobId };
      });
      // The poll would pick it up within seconds; run here it begins at once (another process takes it over if this one dies).
      if (row.jobId) void queue.runNow(row.jobId).catch((error: unknown) => logger.warn(`Un trabajo de ${tipo} se reintentará (${errorCodeOf(error)})`));
      return row.created;
    } catch (error) {
      if (isUniqueViolation(error)) throw appError('PORTABILITY_CONFLICT', conflictMessage);
      throw error;
    }
  }

  /** An import of this lawyer waiting for confirmation (any other id is a 404; one no longer waiting, a 409). */
  async function pendingImport(userId: string, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(portabilidad)
      .where(and(eq(portabilidad.id, id), eq(portabilidad.userId, userId), eq(portabilidad.tipo, 'importacion')))
      .limit(1);
    if (!row) throw notFound();
    if (row.estado !== 'por_confirmar' || !row.archivoKey) throw appError('PORTABILITY_CONFLICT', MSG.portabilidad.yaNoEspera);
    return row;
  }

  /** Deletes the zips of the lawyer's imports waiting for confirmation (one, or all): they are 'descartada'. */
  async function discardPending(userId: string, id?: string): Promise<void> {
    const pending = await db
      .select({ id: portabilidad.id, key: portabilidad.archivoKey })
      .from(portabilidad)
      .where(and(eq(portabilidad.userId, userId), eq(portabilidad.tipo, 'importacion'), eq(portabilidad.estado, 'por_confirmar'), id ? eq(portabilidad.id, id) : undefined));
    for (const row of pending) {
      const [discarded] = await db
        .update(portabilidad)
        .set({ estado: 'descartada', archivoKey: null, terminadaAt: new Date(), venceAt: null })
        .where(and(eq(portabilidad.id, row.id), eq(portabilidad.estado, 'por_confirmar')))
        .returning({ id: portabilidad.id });
      // Confirmed meanwhile: its zip is the import's now.
      if (discarded && row.key) await storage.delete('exportaciones', row.key).catch(() => {});
    }
  }

  /** The export job: builds and stores the zip, then says so by email. A run cut by a crash starts over. */
  async function runExport(id: string): Promise<void> {
    const row = await running(id);
    if (!row) return;
    await db.update(portabilidad).set({ estado: 'en_curso', avance: 0, etapa: 'Preparando' }).where(eq(portabilidad.id, id));
    const key = `${row.userId}/${id}.zip`;
    let bytes: number;
    try {
      bytes = await deps.exporter.build(row.userId, id, key, progressWriter(id));
    } catch (error) {
      logger.error(`Una exportación de datos falló (${errorCodeOf(error)})`, error);
      await storage.delete('exportaciones', key).catch(() => {});
      await finish(id, { estado: 'fallida', mensaje: error instanceof AppError ? error.message : MSG.portabilidad.fallida });
      return;
    }
    const venceAt = new Date(Date.now() + EXPORT_LIFETIME_MS);
    await finish(id, { estado: 'lista', avance: 100, etapa: null, bytes, archivoKey: key, venceAt });
    const [user] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (user) await deps.accountMail.deliver('exportacion_lista', user, `${deps.appUrl}/configuracion?tab=datos`, EXPORT_LIFETIME_MS / 1000);
  }

  /** The import job: the stored zip brought to a temp file and imported; it is deleted however that ends. */
  async function runImport(id: string): Promise<void> {
    const row = await running(id);
    if (!row?.archivoKey) return;
    await db.update(portabilidad).set({ estado: 'en_curso', avance: 0, etapa: 'Leyendo el archivo' }).where(eq(portabilidad.id, id));
    await mkdir(deps.tmpDir, { recursive: true });
    const temp = path.join(deps.tmpDir, `${id}.import.zip`);
    try {
      const object = await storage.get('exportaciones', row.archivoKey);
      if (!object) throw appError('VALIDATION_ERROR', MSG.portabilidad.danado);
      await pipeline(object.body, createWriteStream(temp));
      await deps.importer.run(row.userId, temp, progressWriter(id), async (tx, _manifest, importado) => {
        const added = importado.map((area) => `${area.registros} ${area.area.toLowerCase()}`).join(', ');
        await deps.history.record(tx, row.userId, {
          accion: 'importar',
          entidad: 'cuenta',
          resumen: `Datos importados de una exportación de Bufete${added ? `: ${added}` : ' (ya estaban todos)'}`,
        });
        await tx
          .update(portabilidad)
          .set({ estado: 'lista', avance: 100, etapa: null, mensaje: MSG.portabilidad.importada, archivoKey: null, terminadaAt: new Date(), importado })
          .where(eq(portabilidad.id, id));
      });
    } catch (error) {
      if (!(error instanceof AppError)) logger.error(`Una importación de datos falló (${errorCodeOf(error)})`, error);
      await finish(id, { estado: 'fallida', etapa: null, mensaje: error instanceof AppError ? error.message : MSG.portabilidad.importacionFallida, archivoKey: null });
    } finally {
      await rm(temp, { force: true });
      await storage.delete('exportaciones', row.archivoKey).catch(() => {});
    }
  }

  /** Export zips past their 24 hours (the file goes, the row says 'caducada'), and any import zip a finished run left. */
  async function sweepExpired(now = new Date()): Promise<number> {
    const due = await db
      .select({ id: portabilidad.id, key: portabilidad.archivoKey })
      .from(portabilidad)
      .where(
        and(
          isNotNull(portabilidad.archivoKey),
          or(
            and(eq(portabilidad.tipo, 'exportacion'), lte(portabilidad.venceAt, now)),
            // An import's zip whose run ended without taking it away (nothing should leave one; nothing keeps one),
            // or that waited for its confirmation past its day.
            and(eq(portabilidad.tipo, 'importacion'), inArray(portabilidad.estado, ['lista', 'fallida', 'descartada'])),
            and(eq(portabilidad.tipo, 'importacion'), eq(portabilidad.estado, 'por_confirmar'), lte(portabilidad.venceAt, now)),
          ),
        ),
      )
      .limit(200);
    for (const { id, key } of due) {
      await storage.delete('exportaciones', key!);
      await db
        .update(portabilidad)
        .set({
          archivoKey: null,
          estado: sql`case when ${portabilidad.tipo} = 'exportacion' then 'caducada' when ${portabilidad.estado} = 'por_confirmar' then 'descartada' else ${portabilidad.estado} end`,
        })
        .where(eq(portabilidad.id, id));
    }
    return due.length;
  }

  return {
    async startExport(userId: string): Promise<Portabilidad> {
      return toReply(await start(userId, 'exportacion', {}, EXPORT_JOB, MSG.portabilidad.enCurso));
    },

    /**
     * An export ready for download ends now (its zip deleted, the row
     * 'caducada'): a client's data erased at their request must not stay in a
     * copy made before. 'Exportar de nuevo' makes one without it.
     */
    async expireReadyExports(userId: string): Promise<void> {
      const ready = await db
        .select({ id: portabilidad.id, key: portabilidad.archivoKey })
        .from(portabilidad)
        .where(and(eq(portabilidad.userId, userId), eq(portabilidad.tipo, 'exportacion'), isNotNull(portabilidad.archivoKey)));
      for (const { id, key } of ready) {
        await storage.delete('exportaciones', key!);
        await db.update(portabilidad).set({ archivoKey: null, estado: 'caducada', venceAt: new Date() }).where(eq(portabilidad.id, id));
      }
    },

    async latestExport(userId: string): Promise<Portabilidad | null> {
      const row = await latest(userId, 'exportacion');
      return row ? toReply(row) : null;
    },

    /** The zip, to its owner only (any other id is a 404), while it lasts. */
    async download(userId: string, id: string): Promise<{ key: string; name: string }> {
      const [row] = await db
        .select()
        .from(portabilidad)
        .where(and(eq(portabilidad.id, id), eq(portabilidad.userId, userId), eq(portabilidad.tipo, 'exportacion')))
        .limit(1);
      if (!row) throw notFound();
      if (row.estado === 'caducada' || !row.archivoKey || (row.venceAt && row.venceAt <= new Date())) throw appError('NOT_FOUND', MSG.portabilidad.caducada);
      // Who took everything out, and from where, is in the account's activity.
      await deps.history.record(db, userId, { accion: 'descargar', entidad: 'cuenta', entidadId: id, resumen: 'Exportación de todos los datos descargada' });
      return { key: row.archivoKey, name: `bufete-mis-datos-${row.createdAt.toISOString().slice(0, 10)}.zip` };
    },

    /**
     * An uploaded zip: refused at once when it is not a whole export of
     * Bufete or the account already has records of its own; otherwise kept in
     * the store, waiting for the lawyer to read what it brings (`contenido`)
     * and confirm. A zip uploaded before and not confirmed is replaced.
     */
    async startImport(userId: string, file: ReceivedFile): Promise<Portabilidad> {
      try {
        const { manifest, contenido } = await checkExportZip(file.path);
        if (await latest(userId, 'importacion').then((row) => row?.estado === 'en_cola' || row?.estado === 'en_curso')) {
          throw appError('PORTABILITY_CONFLICT', MSG.portabilidad.importando);
        }
        // An account with records of its own is refused here already, unless they came from this same zip.
        const [own] = rowsOf<{ n: number }>(
          await db.execute(sql`
            select (select count(*) from casos where user_id = ${userId}) + (select count(*) from clientes where user_id = ${userId})
                 + (select count(*) from documentos where user_id = ${userId}) + (select count(*) from facturas where user_id = ${userId}) as n`),
        );
        const sameZipBefore = await db
          .select({ id: portabilidad.id })
          .from(portabilidad)
          .where(and(eq(portabilidad.userId, userId), eq(portabilidad.tipo, 'importacion'), eq(portabilidad.origen, manifest.id), inArray(portabilidad.estado, ['lista'])))
          .limit(1);
        if (Number(own?.n ?? 0) > 0 && sameZipBefore.length === 0) throw appError('PORTABILITY_CONFLICT', MSG.portabilidad.cuentaConDatos);
        await discardPending(userId);
        const key = `${userId}/importacion-${manifest.id}-${Date.now()}.zip`;
        await storage.putFile('exportaciones', key, file.path, { contentType: 'application/zip', size: file.size });
        try {
          const [row] = await db
            .insert(portabilidad)
            .values({
              userId,
              tipo: 'importacion',
              estado: 'por_confirmar',
              archivoKey: key,
              origen: manifest.id,
              bytes: file.size,
              contenido,
              venceAt: new Date(Date.now() + CONFIRM_WINDOW_MS),
            })
            .returning();
          return toReply(row!);
        } catch (error) {
          await storage.delete('exportaciones', key).catch(() => {});
          throw error;
        }
      } finally {
        await file.discard();
      }
    },

    /** 'Importar': the zip the lawyer has read goes to the queue (one import at a time). */
    async confirmImport(userId: string, id: string): Promise<Portabilidad> {
      const row = await pendingImport(userId, id);
      try {
        const confirmed = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(portabilidad)
            .set({ estado: 'en_cola', venceAt: null })
            .where(and(eq(portabilidad.id, row.id), eq(portabilidad.estado, 'por_confirmar')))
            .returning();
          if (!updated) throw appError('PORTABILITY_CONFLICT', MSG.portabilidad.yaNoEspera);
          const jobId = await queue.enqueue(IMPORT_JOB, { id: row.id }, { executor: tx });
          await deps.history.record(tx, userId, { accion: 'importar', entidad: 'cuenta', resumen: 'Importación de datos de otra cuenta pedida' });
          return { updated, jobId };
        });
        if (confirmed.jobId) void queue.runNow(confirmed.jobId).catch((error: unknown) => logger.warn(`Un trabajo de importación se reintentará (${errorCodeOf(error)})`));
        return toReply(confirmed.updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw appError('PORTABILITY_CONFLICT', MSG.portabilidad.importando);
        throw error;
      }
    },

    /** 'Descartar': the uploaded zip goes, nothing of it imported. */
    async discardImport(userId: string, id: string): Promise<void> {
      await pendingImport(userId, id);
      await discardPending(userId, id);
    },

    async latestImport(userId: string): Promise<Portabilidad | null> {
      const row = await latest(userId, 'importacion');
      return row ? toReply(row) : null;
    },

    runExport,
    runImport,
    /** A job that used all its attempts (its process died each time): the row says it failed, and an import's zip goes. */
    async giveUp(id: string, tipo: Row['tipo']) {
      const [row] = await db.select({ key: portabilidad.archivoKey }).from(portabilidad).where(eq(portabilidad.id, id)).limit(1);
      if (tipo === 'importacion' && row?.key) await storage.delete('exportaciones', row.key);
      await finish(id, {
        estado: 'fallida',
        mensaje: tipo === 'exportacion' ? MSG.portabilidad.fallida : MSG.portabilidad.importacionFallida,
        ...(tipo === 'importacion' ? { archivoKey: null } : {}),
      });
    },
    sweepExpired,
  };
}

export type PortabilityService = ReturnType<typeof createPortabilityService>;
