import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../db/columns';

/**
 * Bytes each lawyer keeps in documents, images and chat attachments: kept by
 * database triggers on those three tables in the same transaction as each
 * insert or delete (migration 0025), so every path (uploads, a case deleted
 * with its files, an account closed) keeps it exact, and an insert past the
 * quota of its transaction is refused atomically.
 */
export const storageUsage = pgTable('storage_usage', {
  userId: ownerColumn().primaryKey(),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});
