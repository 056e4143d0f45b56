import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite is a single-process database: two servers on one DATA_DIR would
 * corrupt it. The first takes DATA_DIR/db.lock; a second one refuses to start.
 * A lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // Closed before the process ends (tests open many): no listener left behind.
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holder.host === hostname() && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `La base de datos embebida en ${dataDir} ya está en uso por otro proceso de Bufete (pid ${holder.pid}). ` +
            'PGlite admite un solo proceso por carpeta de datos: detén el otro servidor, usa otro DATA_DIR, ' +
            'o configura DATABASE_URL con PostgreSQL para ejecutar varios procesos.',
        );
      }
      if (holder && holder.host !== hostname()) {
        throw new DataDirLockedError(
          `La carpeta de datos ${dataDir} está bloqueada por el equipo ${holder.host} (pid ${holder.pid}). ` + `Si ese proceso ya no existe, borra ${file}.`,
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`No se pudo bloquear ${file}.`);
}

function readHolder(file: string): { pid: number; host: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` of this machine still runs. */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
