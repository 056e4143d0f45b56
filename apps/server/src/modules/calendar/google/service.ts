import type { SyncResult } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import type { SignedInUser } from '../../../auth/session';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { appError } from '../../../http/errors';
import { describeError, type Logger } from '../../../logger';
import type { Notice } from '../../notifications/service';
import type { ProfileService } from '../../profile/service';
import type { CalendarService } from '../service';
import { type GoogleClient, GoogleSyncTokenGone } from './client';
import { createGoogleConnection } from './connection';
import { createGoogleDiagnostic } from './diagnostic';
import { createSyncLease } from './lease';
import { createGooglePull } from './pull';
import { createGooglePush } from './push';

interface Deps {
  config: Config;
  google: GoogleClient;
  calendar: CalendarService;
  profiles: ProfileService;
  logger: Logger;
  notify: (userId: string, notice: Notice) => Promise<void>;
}

/**
 * Google Calendar for one lawyer, put together from its parts: the
 * connection (OAuth and tokens: connection.ts), a two-way sync with the
 * primary calendar (our changes pushed with our ids: push.ts; Google's pulled
 * incrementally with its sync token, a full resync after a 410: pull.ts), one
 * sync at a time per lawyer (lease.ts) and the diagnostic (diagnostic.ts).
 * The periodic sync is registered by the composition root (jobs.ts).
 */
export function createGoogleCalendarService(db: Database, deps: Deps) {
  const { logger } = deps;
  const connection = createGoogleConnection(db, deps);
  const { push } = createGooglePush(db, deps);
  const { pull } = createGooglePull(db, deps);
  const { serialized, lease } = createSyncLease(db, deps);

  const sync = (userId: string) => serialized(userId, () => syncNow(userId));

  async function syncNow(userId: string): Promise<SyncResult> {
    if (!(await connection.tokensOf(userId))) throw appError('GOOGLE_NOT_CONNECTED');
    // Another process may be syncing this lawyer: wait for it a little, then let it finish alone.
    let leased = await lease(userId);
    for (let attempt = 0; !leased && attempt < 10; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      leased = await lease(userId);
    }
    if (!leased) return { message: MSG.calendar.sincronizado(0, 0, 0), importados: 0, enviados: 0, eliminados: 0 };
    const held = leased;
    try {
      return await connection.withGoogle(userId, async (token) => {
        const sent = await push(userId, token);
        const row = await connection.tokensOf(userId);
        let pulled: Awaited<ReturnType<typeof pull>>;
        try {
          pulled = await pull(userId, token, row?.syncToken ?? null);
        } catch (error) {
          if (!(error instanceof GoogleSyncTokenGone)) throw error;
          pulled = await pull(userId, token, null);
        }
        await connection.recordSync(userId, pulled.syncToken);
        const eliminados = sent.eliminados + pulled.eliminados;
        return { message: MSG.calendar.sincronizado(pulled.importados, sent.enviados, eliminados), importados: pulled.importados, enviados: sent.enviados, eliminados };
      });
    } finally {
      await held.release();
    }
  }

  /** After a change in Bufete: send it now, without making the request wait (the next sync retries what fails). */
  function pushSoon(userId: string) {
    void serialized(userId, async () => {
      const held = (await connection.tokensOf(userId)) ? await lease(userId) : null;
      if (!held) return;
      try {
        await connection.withGoogle(userId, (token) => push(userId, token));
      } finally {
        await held.release();
      }
    }).catch((error: unknown) => logger.warn(`No se pudo enviar un cambio a Google Calendar (${describeError(error).split('\n')[0]})`));
  }
  deps.calendar.onChange(pushSoon);

  return {
    redirectUri: connection.redirectUri,
    configured: () => deps.google.configured(),
    disconnect: connection.disconnect,
    disconnectAfterPasswordChange: connection.disconnectAfterPasswordChange,
    status: connection.status,
    connect: connection.connect,
    dueForSync: connection.dueForSync,
    sync,
    diagnostic: createGoogleDiagnostic({ ...deps, connection }),

    /** The callback: the code exchanged and the tokens kept (connection.ts), then a first sync sends every appointment already in Bufete. */
    async finishConnect(user: SignedInUser, code: string, state: string): Promise<void> {
      await connection.finishConnect(user, code, state);
      try {
        await sync(user.id);
      } catch (error) {
        logger.warn(`Primera sincronización con Google fallida (${describeError(error).split('\n')[0]})`);
      }
    },
  };
}

export type GoogleCalendarService = ReturnType<typeof createGoogleCalendarService>;
