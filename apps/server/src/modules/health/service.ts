import { MSG } from '@bufete/shared';
import type { DatabaseHandle } from '../../db/client';
import { appError } from '../../http/errors';

export function createHealthService(database: DatabaseHandle) {
  return {
    /** The database answers a query (503 otherwise). */
    async check(): Promise<{ status: 'ok'; database: DatabaseHandle['kind'] }> {
      try {
        await database.ping();
      } catch {
        throw appError('SERVER_BUSY', MSG.http.baseDeDatosNoResponde);
      }
      return { status: 'ok', database: database.kind };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
