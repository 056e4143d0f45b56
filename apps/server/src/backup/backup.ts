import { cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';

/** Where backups and backup requests live, inside DATA_DIR. */
export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');
const REQUEST = /^solicitud-([\w-]+)$/;

/**
 * A consistent copy of an embedded installation, taken while it runs: the
 * database as PGlite's own snapshot (`db.tar.gz`: it answers one query at a
 * time, so the snapshot is one moment), then the stored files and the secret.
 * Files are copied after the database, so every row's file is there (a file
 * newer than the snapshot is only an extra). Restoring: docs/deployment.md.
 */
export async function writeBackup(dataDir: string, database: DatabaseHandle, name: string): Promise<string> {
  if (!database.snapshot) throw new Error('Con PostgreSQL (DATABASE_URL) la copia de la base de datos se hace con pg_dump; ver docs/deployment.md.');
  const target = path.join(backupsDir(dataDir), name);
  const partial = `${target}.parcial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await writeFile(path.join(partial, 'db.tar.gz'), await database.snapshot());
  const storage = path.join(dataDir, 'storage');
  if (await stat(storage).catch(() => null)) await cp(storage, path.join(partial, 'storage'), { recursive: true });
  const secret = path.join(dataDir, 'secret');
  if (await stat(secret).catch(() => null)) await cp(secret, path.join(partial, 'secret'));
  // Complete or absent: a backup folder without '.parcial' is whole.
  await rm(target, { recursive: true, force: true });
  await cp(partial, target, { recursive: true });
  await rm(partial, { recursive: true, force: true });
  return target;
}

/**
 * `npm run backup` asks the running server for a backup by leaving a request
 * file in DATA_DIR/backups (a file, not a signal or an endpoint: it works the
 * same on Windows, and only someone who can write DATA_DIR can ask). The
 * server answers by writing the backup, then `<name>.listo` or `<name>.error`.
 */
export function watchBackupRequests(deps: { dataDir: string; database: DatabaseHandle; logger: Logger; intervalMs?: number }): () => void {
  const dir = backupsDir(deps.dataDir);
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const entries = await readdir(dir).catch(() => [] as string[]);
      for (const entry of entries) {
        const name = REQUEST.exec(entry)?.[1];
        if (!name) continue;
        await rm(path.join(dir, entry), { force: true });
        try {
          const written = await writeBackup(deps.dataDir, deps.database, name);
          await writeFile(path.join(dir, `${name}.listo`), written);
          deps.logger.info(`Copia de seguridad escrita en ${written}`);
        } catch (error) {
          await writeFile(path.join(dir, `${name}.error`), error instanceof Error ? error.message : String(error));
          deps.logger.error('La copia de seguridad falló', error);
        }
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), deps.intervalMs ?? 2000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The request file `npm run backup` writes for a running server. */
export const backupRequestFile = (dataDir: string, name: string) => path.join(backupsDir(dataDir), `solicitud-${name}`);
