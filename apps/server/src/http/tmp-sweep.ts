import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes upload temp files older than `maxAgeMs` (left by a process that died
 * mid-upload). Younger files may belong to an upload still in progress in
 * another process sharing DATA_DIR, so they stay.
 */
export async function sweepTempFiles(tmpDir: string, maxAgeMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > maxAgeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
