import type { GoogleStatus } from '@bufete/shared';
import { LIMITS, MSG } from '@bufete/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignedInUser } from '../../../auth/session';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { appError } from '../../../http/errors';
import { describeError, type Logger } from '../../../logger';
import { createSecretBox, randomToken, tokenHash } from '../../../security/secret-box';
import type { Notice } from '../../notifications/service';
import { calendarEvents, calendarSettings, googleCalendarTokens, googleDeletions, oauthStates } from '../schema';
import { type GoogleClient, GoogleAuthError, GoogleHttpError } from './client';

type Tokens = typeof googleCalendarTokens.$inferSelect;

/**
 * The lawyer's connection to Google: OAuth with a `state` bound to the
 * session, tokens encrypted at rest and refreshed when under 5 minutes remain
 * (or at once when Google refuses one early), and the disconnection that a
 * refusal a refresh cannot fix leads to, said in the bell.
 */
export function createGoogleConnection(db: Database, deps: { config: Config; google: GoogleClient; logger: Logger; notify: (userId: string, notice: Notice) => Promise<void> }) {
  const box = createSecretBox(deps.config.secret, 'google-tokens');
  const redirectUri = `${deps.config.appUrl}/calendar/callback`;
  const { google, logger } = deps;

  async function tokensOf(userId: string): Promise<Tokens | null> {
    const [row] = await db.select().from(googleCalendarTokens).where(eq(googleCalendarTokens.userId, userId)).limit(1);
    return row ?? null;
  }

  async function setNotice(userId: string, notice: string | null) {
    await db
      .insert(calendarSettings)
      .values({ userId, googleNotice: notice })
      .onConflictDoUpdate({ target: calendarSettings.userId, set: { googleNotice: notice } });
  }

  /**
   * Removes the connection: the tokens, the events that came only from Google
   * and pending deletions; events created in Bufete stay, unlinked from Google.
   */
  async function disconnect(userId: string, notice: string | null = null): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.delete(googleCalendarTokens).where(eq(googleCalendarTokens.userId, userId));
      await tx.delete(googleDeletions).where(eq(googleDeletions.userId, userId));
      await tx.delete(calendarEvents).where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.origen, 'google')));
      await tx.update(calendarEvents).set({ googleEventId: null, googleHtmlLink: null, googleUpdated: null, isSyncedWithGoogle: false }).where(eq(calendarEvents.userId, userId));
    });
    await setNotice(userId, notice);
    // Disconnected by Google (not by the lawyer): the bell says so until read.
    if (notice) {
      await deps.notify(userId, { tipo: 'google_desconectado', titulo: 'Google Calendar se desconectó', detalle: notice, enlace: '/calendario', clave: `google:${Date.now()}` });
    }
  }

  /**
   * A usable access token, refreshed when under 5 minutes remain (or when
   * `force`: Google refused the current one early). Only a refusal of the
   * refresh itself (invalid_grant) disconnects.
   */
  async function accessToken(userId: string, force = false): Promise<string> {
    const row = await tokensOf(userId);
    if (!row) throw appError('GOOGLE_NOT_CONNECTED');
    const access = box.open(row.accessToken);
    const refresh = box.open(row.refreshToken);
    if (!access || !refresh) {
      // APP_SECRET changed: the stored tokens cannot be read any more.
      await disconnect(userId, MSG.calendar.desconectadoPorGoogle);
      throw appError('GOOGLE_NOT_CONNECTED', MSG.calendar.desconectadoPorGoogle);
    }
    if (!force && row.expiresAt.getTime() - Date.now() > LIMITS.googleTokenRefreshMarginMs) return access;
    try {
      const renewed = await google.refresh(refresh);
      await db
        .update(googleCalendarTokens)
        .set({ accessToken: box.seal(renewed.accessToken), expiresAt: renewed.expiresAt, ...(renewed.refreshToken ? { refreshToken: box.seal(renewed.refreshToken) } : {}) })
        .where(eq(googleCalendarTokens.userId, userId));
      return renewed.accessToken;
    } catch (error) {
      if (error instanceof GoogleAuthError) {
        await disconnect(userId, MSG.calendar.desconectadoPorGoogle);
        throw appError('GOOGLE_NOT_CONNECTED', MSG.calendar.desconectadoPorGoogle);
      }
      throw appError('GOOGLE_FAILED', MSG.calendar.noRenovado);
    }
  }

  /**
   * Runs `work` with a valid token. Google can refuse an access token before
   * its expires_in (401 'Invalid Credentials': the user changed their Google
   * password, a token limit was reached): the token is refreshed once and the
   * work retried; only a refused refresh (invalid_grant, in accessToken), or
   * a 401 on a token that was just issued, disconnects and says so.
   */
  async function withGoogle<T>(userId: string, work: (token: string) => Promise<T>): Promise<T> {
    const attempt = async (token: string) => {
      try {
        return { done: true as const, value: await work(token) };
      } catch (error) {
        if (error instanceof GoogleAuthError) return { done: false as const, error };
        if (error instanceof GoogleHttpError) throw appError('GOOGLE_FAILED', MSG.calendar.googleNoResponde(error.status));
        throw error;
      }
    };
    const first = await attempt(await accessToken(userId));
    if (first.done) return first.value;
    logger.warn(`Google rechazó un token de acceso antes de su vencimiento (${first.error.message}); se renueva y se reintenta`);
    const second = await attempt(await accessToken(userId, true));
    if (second.done) return second.value;
    await disconnect(userId, MSG.calendar.desconectadoPorGoogle);
    throw appError('GOOGLE_NOT_CONNECTED', MSG.calendar.desconectadoPorGoogle);
  }

  return {
    box,
    redirectUri,
    tokensOf,
    disconnect,
    withGoogle,

    /** Lawyers connected whose last sync is older than `intervalMs` × 0.8 (at most 100 per pass). */
    async dueForSync(intervalMs: number): Promise<string[]> {
      const due = await db
        .select({ userId: googleCalendarTokens.userId })
        .from(googleCalendarTokens)
        .where(or(isNull(googleCalendarTokens.lastSyncAt), lt(googleCalendarTokens.lastSyncAt, new Date(Date.now() - intervalMs * 0.8))))
        .limit(100);
      return due.map((row) => row.userId);
    },

    /** After a sync: where the next incremental read starts. */
    async recordSync(userId: string, syncToken: string | null): Promise<void> {
      await db.update(googleCalendarTokens).set({ syncToken, lastSyncAt: new Date() }).where(eq(googleCalendarTokens.userId, userId));
    },

    /**
     * After a password change, when the lawyer asks: the grant is revoked at
     * Google (best effort: an unreachable Google does not keep the tokens
     * here) and the connection ends.
     */
    async disconnectAfterPasswordChange(userId: string): Promise<void> {
      const row = await tokensOf(userId);
      if (!row) return;
      const refresh = box.open(row.refreshToken);
      if (refresh && google.configured()) {
        await google.revoke(refresh).catch((error: unknown) => logger.warn(`No se pudo revocar el acceso en Google (${describeError(error).split('\n')[0]})`));
      }
      await disconnect(userId, MSG.calendar.desconectadoPorContrasena);
    },

    async status(userId: string): Promise<GoogleStatus> {
      const [tokens, [settings]] = await Promise.all([tokensOf(userId), db.select().from(calendarSettings).where(eq(calendarSettings.userId, userId)).limit(1)]);
      return {
        configurado: google.configured(),
        conectado: !!tokens,
        ultima_sincronizacion: tokens?.lastSyncAt?.toISOString() ?? null,
        aviso: settings?.googleNotice ?? null,
        redirect_uri: redirectUri,
      };
    },

    /** The authorization address, with a fresh state bound to this session (10 minutes, once). */
    async connect(user: SignedInUser): Promise<string> {
      if (!google.configured()) throw appError('GOOGLE_NOT_CONFIGURED');
      const state = randomToken();
      await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(Date.now() - LIMITS.oauthStateSeconds * 1000)));
      await db.insert(oauthStates).values({ stateHash: tokenHash(state), userId: user.id, sessionHash: tokenHash(user.sessionId) });
      return google.authorizeUrl(state, redirectUri);
    },

    /** The callback: the state must be this session's, unused and recent; then the code is exchanged once and the tokens kept. */
    async finishConnect(user: SignedInUser, code: string, state: string): Promise<void> {
      const [claimed] = await db
        .update(oauthStates)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(oauthStates.stateHash, tokenHash(state)),
            eq(oauthStates.userId, user.id),
            eq(oauthStates.sessionHash, tokenHash(user.sessionId)),
            isNull(oauthStates.usedAt),
            sql`${oauthStates.createdAt} > now() - make_interval(secs => ${LIMITS.oauthStateSeconds})`,
          ),
        )
        .returning();
      if (!claimed) throw appError('OAUTH_STATE_INVALID');
      let tokens;
      try {
        tokens = await google.exchangeCode(code, redirectUri);
      } catch (error) {
        logger.warn(`Intercambio del código de Google fallido (${describeError(error).split('\n')[0]})`);
        throw appError('GOOGLE_FAILED', MSG.calendar.errorConectar);
      }
      if (!tokens.refreshToken) throw appError('GOOGLE_FAILED', MSG.calendar.errorConectar);
      const values = {
        accessToken: box.seal(tokens.accessToken),
        refreshToken: box.seal(tokens.refreshToken),
        expiresAt: tokens.expiresAt,
        syncToken: null,
        lastSyncAt: null,
        syncStartedAt: null,
      };
      await db
        .insert(googleCalendarTokens)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: googleCalendarTokens.userId, set: values });
      // Every event already in Bufete goes to Google with the first sync.
      await db.update(calendarEvents).set({ isSyncedWithGoogle: false }).where(eq(calendarEvents.userId, user.id));
      await setNotice(user.id, null);
    },
  };
}

export type GoogleConnection = ReturnType<typeof createGoogleConnection>;
