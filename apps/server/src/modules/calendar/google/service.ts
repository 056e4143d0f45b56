import type { CalendarDiagnostic, GoogleStatus, SyncResult } from '@bufete/shared';
import { instantIn, LIMITS, MSG } from '@bufete/shared';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignedInUser } from '../../../auth/session';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { appError } from '../../../http/errors';
import type { JobQueue } from '../../../jobs/queue';
import { describeError, type Logger } from '../../../logger';
import { createSecretBox, randomToken, tokenHash } from '../../../security/secret-box';
import { casos } from '../../cases/schema';
import { clientes } from '../../clients/schema';
import type { Notice } from '../../notifications/service';
import type { ProfileService } from '../../profile/service';
import { tags } from '../../tags/schema';
import { calendarEvents, calendarSettings, eventTags, googleCalendarTokens, googleDeletions, oauthStates } from '../schema';
import type { CalendarService, EventRow } from '../service';
import { type GoogleClient, type GoogleEvent, GoogleAuthError, GoogleHttpError, GoogleSyncTokenGone } from './client';

export const SYNC_ALL_JOB = 'calendar.google-sync';
/** A full resync reads a year back (older events stay as they are). */
const FULL_SYNC_DAYS = 365;
/** Pages of 250 events one sync reads at most (10,000 events). */
const MAX_PAGES = 40;
/** Local changes one sync sends at most; the rest go with the next one. */
const MAX_PUSH = 500;

/** Our id as Google's event id (base32hex: a UUID's hex digits qualify): an insert retried never makes a second copy. */
export const googleIdOf = (eventId: string) => eventId.replace(/-/g, '');

interface Deps {
  config: Config;
  google: GoogleClient;
  calendar: CalendarService;
  profiles: ProfileService;
  queue: JobQueue;
  logger: Logger;
  notify: (userId: string, notice: Notice) => Promise<void>;
}

type Tokens = typeof googleCalendarTokens.$inferSelect;

/**
 * Google Calendar for one lawyer: OAuth with a `state` bound to the session,
 * tokens encrypted at rest and refreshed when under 5 minutes remain, and a
 * two-way sync with the primary calendar (our changes pushed with our ids,
 * Google's pulled incrementally with its sync token, a full resync after a
 * 410). A refusal that a refresh cannot fix disconnects and says so.
 */
export function createGoogleCalendarService(db: Database, deps: Deps) {
  const box = createSecretBox(deps.config.secret, 'google-tokens');
  const redirectUri = `${deps.config.appUrl}/calendar/callback`;
  const { google, logger } = deps;

  async function tokensOf(userId: string): Promise<Tokens | null> {
    const [row] = await db.select().from(googleCalendarTokens).where(eq(googleCalendarTokens.userId, userId)).limit(1);
    return row ?? null;
  }

  async function setNotice(userId: string, notice: string | null) {
    await db.insert(calendarSettings).values({ userId, googleNotice: notice }).onConflictDoUpdate({ target: calendarSettings.userId, set: { googleNotice: notice } });
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
      await tx
        .update(calendarEvents)
        .set({ googleEventId: null, googleHtmlLink: null, googleUpdated: null, isSyncedWithGoogle: false })
        .where(eq(calendarEvents.userId, userId));
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

  // ---------------------------------------------------------------- push

  /** Our event as Google takes it: reminders only as popups (Bufete sends the emails itself, once). */
  function toGoogle(event: EventRow, tagIds: string[], timeZone: string): GoogleEvent {
    return {
      id: event.googleEventId ?? googleIdOf(event.id),
      summary: event.titulo,
      description: event.descripcion ?? '',
      location: event.ubicacion ?? '',
      start: { dateTime: event.fechaInicio.toISOString(), timeZone },
      end: { dateTime: event.fechaFin.toISOString(), timeZone },
      reminders: { useDefault: false, overrides: event.recordatorioPopup ? [{ method: 'popup', minutes: event.recordatorioPopup }] : [] },
      extendedProperties: {
        private: {
          bufete_id: event.id,
          caso_id: event.casoId ?? '',
          cliente_id: event.clienteId ?? '',
          etiquetas: tagIds.join(','),
        },
      },
    };
  }

  /** Sends deletions and changes Google has not seen yet. Returns how many it sent. */
  async function push(userId: string, token: string): Promise<{ enviados: number; eliminados: number }> {
    let eliminados = 0;
    const deletions = await db.select().from(googleDeletions).where(eq(googleDeletions.userId, userId)).limit(MAX_PUSH);
    for (const deletion of deletions) {
      await google.deleteEvent(token, deletion.googleEventId);
      await db.delete(googleDeletions).where(and(eq(googleDeletions.userId, userId), eq(googleDeletions.googleEventId, deletion.googleEventId)));
      eliminados += 1;
    }

    const pending = await db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.isSyncedWithGoogle, false)))
      .limit(MAX_PUSH);
    if (pending.length === 0) return { enviados: 0, eliminados };
    const timeZone = await deps.profiles.timeZoneOf(userId);
    const tagRows = await db
      .select({ eventId: eventTags.eventId, tagId: eventTags.tagId })
      .from(eventTags)
      .where(and(eq(eventTags.userId, userId), inArray(eventTags.eventId, pending.map((event) => event.id))));
    let enviados = 0;
    for (const event of pending) {
      const googleId = event.googleEventId ?? googleIdOf(event.id);
      // The id is ours before Google sees it: a crash between the two can never produce a duplicate.
      if (!event.googleEventId) await db.update(calendarEvents).set({ googleEventId: googleId }).where(eq(calendarEvents.id, event.id));
      const body = toGoogle({ ...event, googleEventId: googleId }, tagRows.filter((row) => row.eventId === event.id).map((row) => row.tagId), timeZone);
      let saved: GoogleEvent | 'missing' | 'exists';
      if (event.googleUpdated) {
        const { id: _id, ...changes } = body;
        saved = await google.patchEvent(token, googleId, changes);
        if (saved === 'missing') {
          if (event.origen === 'google') {
            // It was deleted in Google meanwhile: Google's deletion wins.
            await db.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
            continue;
          }
          saved = await google.insertEvent(token, body);
        }
      } else {
        saved = await google.insertEvent(token, body);
        if (saved === 'exists') {
          const { id: _id, ...changes } = body;
          saved = await google.patchEvent(token, googleId, changes);
        }
      }
      if (saved === 'missing' || saved === 'exists') continue;
      // Marked synced only if nobody changed it while it travelled; otherwise the next push sends the newer version.
      await db
        .update(calendarEvents)
        .set({ isSyncedWithGoogle: true, googleUpdated: saved.updated ? new Date(saved.updated) : new Date(), googleHtmlLink: saved.htmlLink ?? null })
        .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.updatedAt, event.updatedAt)));
      enviados += 1;
    }
    return { enviados, eliminados };
  }

  // ---------------------------------------------------------------- pull

  /** A Google start or end as an instant: all-day dates are midnight on the lawyer's clock. */
  function instantOf(value: GoogleEvent['start'], timeZone: string): Date | null {
    if (value?.dateTime) {
      const parsed = new Date(value.dateTime);
      return Number.isNaN(parsed.getTime()) ? null : parsed;
    }
    if (value?.date && /^\d{4}-\d{2}-\d{2}$/.test(value.date)) return instantIn(value.date, '00:00', timeZone);
    return null;
  }

  /** Links kept in the event's private properties, only where they are still this lawyer's. */
  async function linksOf(userId: string, props: Record<string, string> | undefined) {
    const caso = props?.caso_id ? (await db.select({ id: casos.id }).from(casos).where(and(eq(casos.id, props.caso_id), eq(casos.userId, userId))).limit(1))[0] : undefined;
    const cliente = props?.cliente_id
      ? (await db.select({ id: clientes.id }).from(clientes).where(and(eq(clientes.id, props.cliente_id), eq(clientes.userId, userId))).limit(1))[0]
      : undefined;
    const wanted = (props?.etiquetas ?? '')
      .split(',')
      .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
      .slice(0, LIMITS.calendarTagsMax);
    const owned = wanted.length ? await db.select({ id: tags.id }).from(tags).where(and(eq(tags.userId, userId), inArray(tags.id, wanted))) : [];
    return { casoId: caso?.id ?? null, clienteId: cliente?.id ?? null, tagIds: owned.map((tag) => tag.id) };
  }

  /** Applies one event from Google. Returns what happened to our copy. */
  async function applyFromGoogle(userId: string, item: GoogleEvent, timeZone: string): Promise<'imported' | 'deleted' | 'unchanged'> {
    if (typeof item.id !== 'string' || !item.id || item.id.length > 1024) return 'unchanged';
    const [local] = await db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.googleEventId, item.id)))
      .limit(1);
    if (item.status === 'cancelled') {
      if (!local) return 'unchanged';
      await db.delete(calendarEvents).where(eq(calendarEvents.id, local.id));
      return 'deleted';
    }
    // Our own change not yet sent wins: the next push overwrites Google's copy.
    if (local && !local.isSyncedWithGoogle) return 'unchanged';
    const updated = item.updated ? new Date(item.updated) : new Date();
    if (local?.googleUpdated && updated.getTime() <= local.googleUpdated.getTime()) return 'unchanged';
    const start = instantOf(item.start, timeZone);
    let end = instantOf(item.end, timeZone);
    if (!start) return 'unchanged';
    if (!end || end <= start) end = new Date(start.getTime() + 30 * 60_000);
    const popup = item.reminders?.overrides?.find((override) => override.method === 'popup')?.minutes ?? null;
    const email = item.reminders?.overrides?.find((override) => override.method === 'email')?.minutes ?? null;
    const links = await linksOf(userId, item.extendedProperties?.private);
    const values = {
      titulo: (item.summary?.trim() || '(Sin título)').slice(0, LIMITS.eventTitleMax),
      descripcion: item.description?.slice(0, LIMITS.descripcionMax) || null,
      ubicacion: item.location?.slice(0, LIMITS.eventPlaceMax) || null,
      fechaInicio: start,
      fechaFin: end,
      recordatorioPopup: popup,
      recordatorioEmail: email,
      casoId: links.casoId,
      clienteId: links.clienteId,
      googleUpdated: updated,
      googleHtmlLink: typeof item.htmlLink === 'string' ? item.htmlLink.slice(0, 2000) : null,
      isSyncedWithGoogle: true,
      updatedAt: new Date(),
    };
    await db.transaction(async (tx) => {
      let eventId = local?.id;
      if (local) await tx.update(calendarEvents).set(values).where(eq(calendarEvents.id, local.id));
      else {
        const [inserted] = await tx
          .insert(calendarEvents)
          .values({ userId, ...values, origen: 'google', googleEventId: item.id })
          .onConflictDoNothing()
          .returning({ id: calendarEvents.id });
        eventId = inserted?.id;
      }
      if (eventId) await deps.calendar.replaceTags(tx, userId, eventId, links.tagIds);
    });
    return 'imported';
  }

  /** Reads Google's changes: incrementally, or a full year after a 410 or on the first sync. */
  async function pull(userId: string, token: string, syncToken: string | null): Promise<{ importados: number; eliminados: number; syncToken: string | null }> {
    const timeZone = await deps.profiles.timeZoneOf(userId);
    let importados = 0;
    let eliminados = 0;
    const full = !syncToken;
    const timeMin = new Date(Date.now() - FULL_SYNC_DAYS * 86_400_000);
    const seen = new Set<string>();
    // What a full read may find gone is only what Google had before the read began: an
    // appointment made in Bufete (and sent to Google) while the pages were read is never in
    // this list, so it can never be taken for one deleted in Google.
    const known = full
      ? await db
          .select({ id: calendarEvents.id, googleEventId: calendarEvents.googleEventId })
          .from(calendarEvents)
          .where(
            and(
              eq(calendarEvents.userId, userId),
              isNotNull(calendarEvents.googleEventId),
              isNotNull(calendarEvents.googleUpdated),
              eq(calendarEvents.isSyncedWithGoogle, true),
              sql`${calendarEvents.fechaFin} >= ${timeMin.toISOString()}::timestamptz`,
            ),
          )
      : [];
    let pageToken: string | undefined;
    let nextSyncToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await google.listEvents(token, full ? { timeMin: timeMin.toISOString(), pageToken } : { syncToken: syncToken!, pageToken });
      for (const item of result.items) {
        if (typeof item?.id === 'string') seen.add(item.id);
        const outcome = await applyFromGoogle(userId, item, timeZone);
        if (outcome === 'imported') importados += 1;
        if (outcome === 'deleted') eliminados += 1;
      }
      pageToken = result.nextPageToken;
      nextSyncToken = result.nextSyncToken ?? nextSyncToken;
      if (!pageToken) break;
    }
    if (full && !pageToken) {
      // After a full read, what Google no longer has (within the year read) is gone there: remove it here too
      // (only if it was not changed here meanwhile: unsent changes win, as in applyFromGoogle).
      const gone = known.filter((row) => !seen.has(row.googleEventId!)).map((row) => row.id);
      if (gone.length) {
        const deleted = await db
          .delete(calendarEvents)
          .where(and(inArray(calendarEvents.id, gone), eq(calendarEvents.isSyncedWithGoogle, true)))
          .returning({ id: calendarEvents.id });
        eliminados += deleted.length;
      }
    }
    // A read cut short keeps the old token: the next sync continues from it.
    return { importados, eliminados, syncToken: pageToken ? syncToken : (nextSyncToken ?? syncToken) };
  }

  /** In this process, one sync or push per lawyer at a time: the next waits for the one running. */
  const running = new Map<string, Promise<unknown>>();
  function serialized<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const previous = running.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    running.set(userId, next);
    void next.finally(() => {
      if (running.get(userId) === next) running.delete(userId);
    }).catch(() => undefined);
    return next;
  }

  /**
   * The lawyer's sync lease (one sync or push at a time per lawyer, across
   * processes), taken with a holder id: it is renewed while its work runs,
   * so a long sync never loses it to another process, and only its holder
   * releases it. A holder that died lets it expire after syncLeaseMs.
   */
  async function lease(userId: string): Promise<{ release(): Promise<void> } | null> {
    const holder = randomToken();
    const leaseMs = deps.config.google.syncLeaseMs;
    const taken = await db
      .update(googleCalendarTokens)
      .set({ syncStartedAt: new Date(), syncHolder: holder })
      .where(
        and(
          eq(googleCalendarTokens.userId, userId),
          or(isNull(googleCalendarTokens.syncStartedAt), lt(googleCalendarTokens.syncStartedAt, new Date(Date.now() - leaseMs))),
        ),
      )
      .returning({ userId: googleCalendarTokens.userId });
    if (taken.length === 0) return null;
    const mine = and(eq(googleCalendarTokens.userId, userId), eq(googleCalendarTokens.syncHolder, holder));
    const renewal = setInterval(() => {
      db.update(googleCalendarTokens)
        .set({ syncStartedAt: new Date() })
        .where(mine)
        .catch((error: unknown) => logger.warn(`No se pudo renovar la sincronización con Google (${describeError(error).split('\n')[0]})`));
    }, Math.max(100, Math.floor(leaseMs / 3)));
    renewal.unref();
    return {
      async release() {
        clearInterval(renewal);
        await db.update(googleCalendarTokens).set({ syncStartedAt: null, syncHolder: null }).where(mine);
      },
    };
  }

  const sync = (userId: string) => serialized(userId, () => syncNow(userId));

  async function syncNow(userId: string): Promise<SyncResult> {
    if (!(await tokensOf(userId))) throw appError('GOOGLE_NOT_CONNECTED');
    // Another process may be syncing this lawyer: wait for it a little, then let it finish alone.
    let leased = await lease(userId);
    for (let attempt = 0; !leased && attempt < 10; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      leased = await lease(userId);
    }
    if (!leased) return { message: MSG.calendar.sincronizado(0, 0, 0), importados: 0, enviados: 0, eliminados: 0 };
    const held = leased;
    try {
      return await withGoogle(userId, async (token) => {
        const sent = await push(userId, token);
        const row = await tokensOf(userId);
        let pulled: Awaited<ReturnType<typeof pull>>;
        try {
          pulled = await pull(userId, token, row?.syncToken ?? null);
        } catch (error) {
          if (!(error instanceof GoogleSyncTokenGone)) throw error;
          pulled = await pull(userId, token, null);
        }
        await db.update(googleCalendarTokens).set({ syncToken: pulled.syncToken, lastSyncAt: new Date() }).where(eq(googleCalendarTokens.userId, userId));
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
      const held = (await tokensOf(userId)) ? await lease(userId) : null;
      if (!held) return;
      try {
        await withGoogle(userId, (token) => push(userId, token));
      } finally {
        await held.release();
      }
    }).catch((error: unknown) => logger.warn(`No se pudo enviar un cambio a Google Calendar (${describeError(error).split('\n')[0]})`));
  }
  deps.calendar.onChange(pushSoon);

  // Every few minutes, every connected calendar whose last sync is that old.
  deps.queue.register(SYNC_ALL_JOB, {
    maxAttempts: 1,
    async handle() {
      const due = await db
        .select({ userId: googleCalendarTokens.userId })
        .from(googleCalendarTokens)
        .where(or(isNull(googleCalendarTokens.lastSyncAt), lt(googleCalendarTokens.lastSyncAt, new Date(Date.now() - deps.config.google.syncIntervalMs * 0.8))))
        .limit(100);
      for (const { userId } of due) {
        try {
          await sync(userId);
        } catch (error) {
          logger.warn(`Sincronización con Google Calendar fallida para un usuario (${describeError(error).split('\n')[0]})`);
        }
      }
    },
  });
  if (google.configured()) deps.queue.every(SYNC_ALL_JOB, deps.config.google.syncIntervalMs);

  return {
    redirectUri,
    disconnect,
    sync,

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

    /** The callback: the state must be this session's, unused and recent; then the code is exchanged once. */
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
      const values = { accessToken: box.seal(tokens.accessToken), refreshToken: box.seal(tokens.refreshToken), expiresAt: tokens.expiresAt, syncToken: null, lastSyncAt: null, syncStartedAt: null };
      await db.insert(googleCalendarTokens).values({ userId: user.id, ...values }).onConflictDoUpdate({ target: googleCalendarTokens.userId, set: values });
      // Every event already in Bufete goes to Google with the first sync.
      await db.update(calendarEvents).set({ isSyncedWithGoogle: false }).where(eq(calendarEvents.userId, user.id));
      await setNotice(user.id, null);
      try {
        await sync(user.id);
      } catch (error) {
        logger.warn(`Primera sincronización con Google fallida (${describeError(error).split('\n')[0]})`);
      }
    },

    /** The spec's checks, run on the server; nothing secret in them. */
    async diagnostic(user: SignedInUser): Promise<CalendarDiagnostic> {
      const checks: CalendarDiagnostic['checks'] = [];
      const credentials = deps.config.google.credentials;
      checks.push({ id: 'usuario', nombre: 'Usuario', estado: 'success', detalle: `Sesión iniciada como ${user.email}.` });
      checks.push({ id: 'sesion', nombre: 'Sesión', estado: 'success', detalle: 'La cookie de sesión es válida.' });
      checks.push(
        credentials
          ? { id: 'configuracion', nombre: 'Configuración', estado: 'success', detalle: 'GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET están definidos.' }
          : { id: 'configuracion', nombre: 'Configuración', estado: 'error', detalle: MSG.calendar.noConfiguradoOperador },
      );
      checks.push({
        id: 'redirect',
        nombre: 'URI de redirección',
        estado: redirectUri.startsWith('https://') || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(redirectUri) ? 'success' : 'warning',
        detalle: `Registra esta URI en Google Cloud: ${redirectUri}${redirectUri.startsWith('https://') ? '' : ' (Google solo acepta http en localhost)'}`,
      });
      checks.push({ id: 'funciones', nombre: 'Funciones del servidor', estado: 'success', detalle: 'El intercambio y la renovación de tokens los hace este servidor (no hay funciones externas que desplegar).' });
      const tokens = await tokensOf(user.id);
      checks.push(
        tokens
          ? { id: 'conexion', nombre: 'Estado de la conexión', estado: 'success', detalle: 'Google Calendar está conectado.' }
          : { id: 'conexion', nombre: 'Estado de la conexión', estado: 'warning', detalle: 'Google Calendar no está conectado.' },
      );
      if (!tokens) {
        checks.push({ id: 'tokens', nombre: 'Tokens guardados', estado: 'warning', detalle: 'No hay tokens guardados.' });
        checks.push({ id: 'intercambio', nombre: 'Prueba de renovación del token', estado: 'warning', detalle: 'Conecta Google Calendar para probarla.' });
      } else {
        const readable = !!box.open(tokens.accessToken) && !!box.open(tokens.refreshToken);
        const minutes = Math.round((tokens.expiresAt.getTime() - Date.now()) / 60_000);
        checks.push({
          id: 'tokens',
          nombre: 'Tokens guardados',
          estado: readable ? 'success' : 'error',
          detalle: readable ? `Cifrados en el servidor; el de acceso ${minutes > 0 ? `vence en ${minutes} min` : 'está vencido y se renovará al usarlo'}.` : 'No se pueden descifrar (¿cambió APP_SECRET?). Vuelve a conectar.',
        });
        let exchange: CalendarDiagnostic['checks'][number];
        try {
          const refresh = box.open(tokens.refreshToken);
          if (!refresh) throw new GoogleAuthError('ilegible');
          await google.refresh(refresh);
          exchange = { id: 'intercambio', nombre: 'Prueba de renovación del token', estado: 'success', detalle: 'Google renovó el token de acceso.' };
        } catch (error) {
          exchange = {
            id: 'intercambio',
            nombre: 'Prueba de renovación del token',
            estado: 'error',
            detalle: error instanceof GoogleAuthError ? 'Google rechazó el token de renovación: vuelve a conectar.' : MSG.calendar.noRenovado,
          };
        }
        checks.push(exchange);
      }
      return {
        checks,
        valores: {
          redirect_uri: redirectUri,
          client_id: credentials ? `${credentials.clientId.slice(0, 12)}…` : '(sin configurar)',
          conectado: tokens ? 'sí' : 'no',
          ultima_sincronizacion: tokens?.lastSyncAt?.toISOString() ?? '(nunca)',
        },
      };
    },
  };
}

export type GoogleCalendarService = ReturnType<typeof createGoogleCalendarService>;
