import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** `exportaciones`: an account's export zips (24 hours) and the zips being imported. */
export type Bucket = 'documentos' | 'imagenes' | 'avatars' | 'exportaciones';

/** Where files live. Private: nothing here is ever served without our own checks. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the file at `path` (a finished temp file, which it may move away: the caller's `discard` then finds nothing) under `key`. */
  putFile(bucket: Bucket, key: string, path: string, options: { contentType: string; size: number }): Promise<void>;
  /** The stored bytes, or null when the object does not exist. */
  get(bucket: Bucket, key: string): Promise<{ body: Readable; size: number } | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Writes and removes a probe object: proves the store is reachable and writable. */
  check(): Promise<void>;
  /** Every object of a bucket (or under `prefix` in it, e.g. a lawyer's 'userId/') with its last change, page by page. */
  list(bucket: Bucket, prefix?: string): AsyncIterable<StoredObject[]>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/**
 * `{user}/{folder}/{timestamp}-{tag}-{name}` with every character outside letters,
 * digits, dot and hyphen turned into an underscore (spec part 2, section 7).
 * The spec's storage never overwrites ('no upsert'); the random tag keeps two
 * uploads of the same name in the same millisecond apart, so the one refused
 * (over quota, say) cannot delete the file of the one kept.
 */
export function storageKey(userId: string, folder: string, fileName: string, now = Date.now()): string {
  const safe = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // "Demanda Pérez" keeps its letters: "Demanda_Perez"
    .replace(/[^a-zA-Z0-9.-]/g, '_')
    .replace(/^\.+/, '_');
  return `${userId}/${folder}/${now}-${randomBytes(4).toString('hex')}-${safe.slice(-150) || 'archivo'}`;
}
