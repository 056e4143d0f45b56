import { MSG } from '@bufete/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { appError } from '../http/errors';
import { storageUsage } from './quota-schema';

/** The trigger's refusal (migration 0025): its HINT, whatever driver reports it. */
function isQuotaRefusal(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const record = current as { hint?: unknown; message?: unknown; cause?: unknown };
    if (record.hint === 'bufete_storage_quota' || (typeof record.message === 'string' && record.message.includes('cuota de almacenamiento excedida'))) return true;
    current = record.cause;
  }
  return false;
}

/**
 * Each lawyer's storage quota over documents, images and chat attachments
 * (STORAGE_QUOTA_MB, default 5 GB). A file that cannot fit is refused before
 * it is stored; the database is the atomic guard for uploads that race.
 */
export function createStorageQuota(db: Database, limitBytes: number) {
  const refused = () => appError('STORAGE_QUOTA_EXCEEDED', MSG.documents.espacioLleno(limitBytes));
  return {
    limitBytes,

    async usage(userId: string): Promise<{ usado: number; limite: number }> {
      const [row] = await db.select({ bytes: storageUsage.bytes }).from(storageUsage).where(eq(storageUsage.userId, userId)).limit(1);
      return { usado: Number(row?.bytes ?? 0), limite: limitBytes };
    },

    /** Before storing: a file that would not fit is refused at once, in Spanish. */
    async assertRoom(userId: string, size: number): Promise<void> {
      if ((await this.usage(userId)).usado + size > limitBytes) throw refused();
    },

    /**
     * Writes a file's row under the quota: the insert's trigger adds its size
     * and refuses it (rolling the transaction back) past the limit.
     */
    async insertWithin<T>(insert: (tx: Transaction) => Promise<T>): Promise<T> {
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('bufete.storage_quota', ${String(limitBytes)}, true)`);
          return insert(tx);
        });
      } catch (error) {
        if (isQuotaRefusal(error)) throw refused();
        throw error;
      }
    },
  };
}

export type StorageQuota = ReturnType<typeof createStorageQuota>;
