import { copyFile, mkdir, open, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertRoomOnDisk, isDiskFull, storageFull } from './disk-space';
import type { Bucket, Storage, StoredObject } from './storage';

/** Files on the local disk under DATA_DIR/storage/{bucket}/{key}. */
export function createLocalStorage(root: string): Storage {
  const resolve = (bucket: Bucket, key: string) => {
    const file = path.resolve(root, bucket, key);
    // Keys are built by us, but a key must never climb out of its bucket.
    if (!file.startsWith(path.resolve(root, bucket) + path.sep)) throw new Error(`Clave de almacenamiento inválida: ${key}`);
    return file;
  };
  /**
   * Removes `dir` and its parents while they are empty, up to the bucket: a
   * lawyer's or a case's folder goes with its last file (a closed account
   * leaves no folder named after it). A folder another request just filled
   * stays (ENOTEMPTY); one it is about to fill is made again by `putFile`.
   */
  async function pruneEmpty(bucket: Bucket, dir: string) {
    const top = path.resolve(root, bucket);
    for (let current = dir; current.startsWith(top + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
    }
  }

  /** Moves `source` to `target`, making its folder; once more if a deletion pruned the folder in between. */
  async function moveInto(source: string, target: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(source, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 2) throw error;
      }
    }
  }

  return {
    kind: 'local',
    async putFile(bucket, key, source, { size }) {
      const target = resolve(bucket, key);
      await mkdir(path.dirname(target), { recursive: true });
      // On the same disk the temp file is moved, not copied: a file that fits once need not fit
      // twice, and a rename is whole at once (a reader never sees half a file).
      try {
        await moveInto(source, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
      // Another disk: checked for room, copied next to the target, then renamed.
      await assertRoomOnDisk(path.dirname(target), size);
      const partial = `${target}.part`;
      try {
        await copyFile(source, partial);
      } catch (error) {
        await rm(partial, { force: true });
        throw isDiskFull(error) ? storageFull(error, partial) : error;
      }
      await moveInto(partial, target);
    },
    async get(bucket, key) {
      // Opened before it is handed out: a stream that opened lazily would report a file
      // deleted meanwhile as an 'error' event nobody listens to yet, which ends the process.
      const handle = await open(resolve(bucket, key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: info.size };
    },
    async delete(bucket, key) {
      const file = resolve(bucket, key);
      await rm(file, { force: true });
      await pruneEmpty(bucket, path.dirname(file));
    },
    async *list(bucket, prefix = '') {
      const base = path.resolve(root, bucket);
      // A lawyer's prefix ('userId/') is a folder: only it is read.
      const from = prefix.endsWith('/') ? resolve(bucket, prefix.slice(0, -1)) : base;
      const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
      let page: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        const key = path.relative(base, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        page.push({ key, modifiedAt: info.mtime });
        if (page.length === 500) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    async check() {
      const probe = path.join(root, '.probe', `${Date.now()}.txt`);
      await mkdir(path.dirname(probe), { recursive: true });
      await writeFile(probe, 'ok');
      await rm(probe, { force: true });
    },
  };
}
