import { MSG } from '@bufete/shared';
import type { DatabaseHandle } from '../../db/client';
import { appError } from '../../http/errors';

export function createHealthService(database: DatabaseHandle, deps: { warnings: () => Promise<string[]> } = { warnings: async () => [] }) {
  return {
    /** The database answers a query (503 otherwise), and what the operator should look at. */
    async check(): Promise<{ status: 'ok'; database: DatabaseHandle['kind']; avisos: string[] }> {
      try {
        await database.ping();
      } catch {
        throw appError('SERVER_BUSY', MSG.http.baseDeDatosNoResponde);
      }
      return { status: 'ok', database: database.kind, avisos: await deps.warnings().catch(() => []) };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
