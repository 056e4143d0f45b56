import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bucket, Storage, StoredObject } from './storage';

/** Files on the local disk under DATA_DIR/storage/{bucket}/{key}. */
export function createLocalStorage(root: string): Storage {
  const resolve = (bucket: Bucket, key: string) => {
    const file = path.resolve(root, bucket, key);
    // Keys are built by us, but a key must never climb out of its bucket.
    if (!file.startsWith(path.resolve(root, bucket) + path.sep)) throw new Error(`Clave de almacenamiento inválida: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async putFile(bucket, key, source) {
      const target = resolve(bucket, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Copied next to the target then renamed: a reader never sees half a file.
      const partial = `${target}.part`;
      await copyFile(source, partial);
      await rename(partial, target);
    },
    async get(bucket, key) {
      const file = resolve(bucket, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    },
    async delete(bucket, key) {
      await rm(resolve(bucket, key), { force: true });
    },
    async *list(bucket) {
      const base = path.resolve(root, bucket);
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      let page: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (!info) continue;
        page.push({ key: path.relative(base, file).split(path.sep).join('/'), modifiedAt: info.mtime });
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
