import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isAlive } from '../db/lock';

const HOUR_MS = 60 * 60 * 1000;
const host = hostname().replace(/[^a-zA-Z0-9.]/g, '_');

/**
 * Each server process writes the temp files of uploads (and the avatar it
 * is making) in a folder of its own, DATA_DIR/tmp/{host}-{pid}. A process
 * that dies mid-upload (power cut, kill -9) leaves its folder; the next
 * process to start on this machine removes every folder whose process no
 * longer runs, at once. What other machines sharing DATA_DIR leave behind
 * (and files of older versions, loose in tmp/) goes once it is an hour old:
 * only then can no upload still be writing it.
 */
export function processTempDir(dataDir: string) {
  const root = path.join(dataDir, 'tmp');
  const own = path.join(root, `${host}-${process.pid}`);

  /** Files (below `dir`) last written before `before`, removed; returns how many. */
  async function removeFilesOlderThan(dir: string, before: number): Promise<number> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < before) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Files below `dir`, counted, then the folder removed. */
  async function removeFolder(dir: string): Promise<number> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    await rm(dir, { recursive: true, force: true });
    return entries.filter((entry) => entry.isFile()).length;
  }

  /** Whether `name` is the folder of a process of this machine that no longer runs. */
  function ofDeadProcess(name: string): boolean {
    const dash = name.lastIndexOf('-');
    if (dash < 0 || name.slice(0, dash) !== host) return false;
    const pid = Number(name.slice(dash + 1));
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid);
  }

  return {
    path: own,

    /** Makes this process' folder and removes what dead processes of this machine left. Returns how many files went. */
    async prepare(now = Date.now()): Promise<number> {
      await mkdir(own, { recursive: true });
      let removed = 0;
      for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
        if (entry.isDirectory() && ofDeadProcess(entry.name)) removed += await removeFolder(path.join(root, entry.name));
      }
      return removed + (await this.sweepOld(now));
    },

    /** Removes temp files over an hour old anywhere under tmp/ (other machines', older versions'). Returns how many. */
    async sweepOld(now = Date.now()): Promise<number> {
      return removeFilesOlderThan(root, now - HOUR_MS);
    },

    /** This process' folder, gone when it stops. */
    async remove(): Promise<void> {
      await rm(own, { recursive: true, force: true });
    },
  };
}

export type ProcessTempDir = ReturnType<typeof processTempDir>;
