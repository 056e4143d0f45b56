import type { Config } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export function createStorage(config: Config['storage']): Storage {
  return config.driver === 's3' ? createS3Storage(config) : createLocalStorage(config.root);
}
export type { Bucket, Storage } from './storage';
export { storageKey } from './storage';
export type { StoredObject } from './storage';
