import type { Logger } from '../logger';
import type { Bucket, Storage } from './storage';

/** Of the given keys of a bucket, those a row still points at. Owned by the module that stores them. */
export type ReferencedKeys = (keys: string[]) => Promise<Set<string>>;

/** Objects younger than this may belong to an upload whose row is being written right now. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes stored objects that no row points at and that are older than an
 * hour: what a process that died between storing a file and inserting its row
 * leaves behind (and half-copied `.part` files). Safe to run on several
 * processes at once: it only ever deletes what nothing references.
 */
export async function sweepOrphanFiles(deps: {
  storage: Storage;
  references: Partial<Record<Bucket, ReferencedKeys>>;
  logger?: Logger;
  minAgeMs?: number;
  now?: number;
}): Promise<number> {
  const cutoff = (deps.now ?? Date.now()) - (deps.minAgeMs ?? ORPHAN_MIN_AGE_MS);
  let removed = 0;
  for (const [bucket, referenced] of Object.entries(deps.references) as [Bucket, ReferencedKeys][]) {
    for await (const page of deps.storage.list(bucket)) {
      const old = page.filter((object) => object.modifiedAt.getTime() < cutoff && !object.key.startsWith('.probe/'));
      if (old.length === 0) continue;
      const kept = await referenced(old.map((object) => object.key));
      for (const object of old) {
        if (kept.has(object.key)) continue;
        await deps.storage.delete(bucket, object.key).then(
          () => {
            removed += 1;
          },
          (error: unknown) => deps.logger?.error(`No se pudo borrar el archivo huérfano ${bucket}/${object.key}`, error),
        );
      }
    }
  }
  return removed;
}
