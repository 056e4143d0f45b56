import { statfs } from 'node:fs/promises';
import { appError, type AppError } from '../http/errors';

/** ENOSPC (no space left), EDQUOT (a quota), or PostgreSQL's disk_full (53100): the disk is full. */
export function isDiskFull(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The 507 the person reads (in Spanish); it keeps its cause, and the path that ran out, for the operator's log. */
export function storageFull(cause: unknown, where?: string): AppError {
  return Object.assign(appError('STORAGE_FULL'), { cause, path: where });
}

/** Where a disk-full error happened, for the operator's log (Node puts the path on the error). */
export function pathOfDiskError(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { path, dest } = current as { path?: unknown; dest?: unknown };
    if (typeof dest === 'string') return dest;
    if (typeof path === 'string') return path;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Refuses, before writing, a file the disk holding `dir` has no room for,
 * leaving a little for everything else (16 MB, or a twentieth of a small disk).
 */
export async function assertRoomOnDisk(dir: string, bytes: number): Promise<void> {
  const disk = await statfs(dir).catch(() => null);
  if (!disk) return;
  const free = Number(disk.bavail) * Number(disk.bsize);
  const margin = Math.min(16 * 1024 * 1024, (Number(disk.blocks) * Number(disk.bsize)) / 20);
  if (free < bytes + margin) throw storageFull(Object.assign(new Error(`Sin espacio: ${free} bytes libres para ${bytes}`), { code: 'ENOSPC', path: dir }));
}
