import { BodyTooLarge, readCapped } from '../../../http/read-capped';
import type { Config } from '../../../config';

/** An event as Google Calendar's API gives and takes it (the fields we use). */
export interface GoogleEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start?: { dateTime?: string; date?: string; timeZone?: string };
  end?: { dateTime?: string; date?: string; timeZone?: string };
  updated?: string;
  htmlLink?: string;
  reminders?: { useDefault?: boolean; overrides?: { method: string; minutes: number }[] };
  extendedProperties?: { private?: Record<string, string> };
}

export interface GoogleEventPage {
  items: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

export interface GoogleTokens {
  accessToken: string;
  /** Absent when Google keeps the one it gave before (refreshes). */
  refreshToken?: string;
  expiresAt: Date;
}

/** Google refused the credentials (401, invalid_grant): only a new authorization helps. */
export class GoogleAuthError extends Error {}
/** The sync token expired (410 Gone): a full resync is needed. */
export class GoogleSyncTokenGone extends Error {}
/** Any other unexpected answer (or none). */
export class GoogleHttpError extends Error {
  constructor(
    readonly status: number | 'red',
    message: string,
  ) {
    super(message);
  }
}

/** The read scope and write of calendar events, as the spec asks. */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';
const TIMEOUT_MS = 15_000;
/** A page of events is a few hundred KB at most: anything bigger is not Google. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Google's JSON, untyped until each caller checks the fields it reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field by each caller
type GoogleJson = any;

async function readJson(response: Response): Promise<GoogleJson> {
  let text: string;
  try {
    text = await readCapped(response, MAX_RESPONSE_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new GoogleHttpError(response.status, 'respuesta demasiado grande');
    throw error;
  }
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new GoogleHttpError(response.status, 'respuesta que no es JSON');
  }
}

/**
 * Google's OAuth and Calendar endpoints over plain HTTP (no Google library):
 * every base URL comes from the configuration, so tests run the real code
 * against a local fake. Each call has a timeout and a cap on what it reads.
 */
export function createGoogleClient(google: Config['google'], fetchImpl: typeof fetch = fetch) {
  const credentials = () => {
    if (!google.credentials) throw new GoogleHttpError(0, 'Google no está configurado');
    return google.credentials;
  };

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new GoogleHttpError('red', error instanceof Error ? error.message : String(error));
    }
  }

  async function tokenRequest(form: Record<string, string>): Promise<GoogleTokens> {
    const response = await call(google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
    const json = await readJson(response);
    if (response.status === 400 || response.status === 401) {
      // invalid_grant: revoked, expired or already used. Nothing to retry.
      throw new GoogleAuthError(typeof json?.error === 'string' ? json.error : `HTTP ${response.status}`);
    }
    if (!response.ok || typeof json?.access_token !== 'string') throw new GoogleHttpError(response.status, 'respuesta de token inválida');
    const expiresIn = Number(json.expires_in);
    return {
      accessToken: json.access_token,
      refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
      expiresAt: new Date(Date.now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000),
    };
  }

  async function api(accessToken: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: GoogleJson }> {
    const response = await call(`${google.calendarApiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = response.status === 204 ? null : await readJson(response);
    if (response.status === 401) throw new GoogleAuthError('HTTP 401');
    return { status: response.status, json };
  }

  const eventsPath = '/calendars/primary/events';

  return {
    configured: () => google.credentials !== null,

    /** Where the browser goes to authorize: calendar scope, a code, offline access and forced consent (spec 7). */
    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(google.oauthUrl);
      url.search = new URLSearchParams({
        client_id: credentials().clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_CALENDAR_SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },

    exchangeCode(code: string, redirectUri: string) {
      const { clientId, clientSecret } = credentials();
      return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, client_secret: clientSecret });
    },

    refresh(refreshToken: string) {
      const { clientId, clientSecret } = credentials();
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret });
    },

    /** One page of the primary calendar's events: incremental with a sync token, else from `timeMin`. */
    /** Revokes a token at Google (RFC 7009): the refresh token ends the whole grant. Best effort. */
    async revoke(tokenValue: string): Promise<void> {
      await call(google.revokeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokenValue }).toString(),
      });
    },

    async listEvents(accessToken: string, options: { syncToken?: string; pageToken?: string; timeMin?: string }): Promise<GoogleEventPage> {
      const params = new URLSearchParams({ maxResults: '250', singleEvents: 'true', showDeleted: 'true' });
      if (options.syncToken) params.set('syncToken', options.syncToken);
      else if (options.timeMin) params.set('timeMin', options.timeMin);
      if (options.pageToken) params.set('pageToken', options.pageToken);
      const { status, json } = await api(accessToken, 'GET', `${eventsPath}?${params}`);
      if (status === 410) throw new GoogleSyncTokenGone('sync token expirado');
      if (status !== 200 || !Array.isArray(json?.items)) throw new GoogleHttpError(status, 'no se pudieron leer los eventos');
      return { items: json.items, nextPageToken: json.nextPageToken, nextSyncToken: json.nextSyncToken };
    },

    /** Creates the event with our id (so a retried insert can never create a second copy). */
    async insertEvent(accessToken: string, event: GoogleEvent): Promise<GoogleEvent | 'exists'> {
      const { status, json } = await api(accessToken, 'POST', eventsPath, event);
      if (status === 409) return 'exists';
      if (status !== 200 && status !== 201) throw new GoogleHttpError(status, 'no se pudo crear el evento');
      return json as GoogleEvent;
    },

    async patchEvent(accessToken: string, id: string, event: Partial<GoogleEvent>): Promise<GoogleEvent | 'missing'> {
      const { status, json } = await api(accessToken, 'PATCH', `${eventsPath}/${encodeURIComponent(id)}`, event);
      if (status === 404 || status === 410) return 'missing';
      if (status !== 200) throw new GoogleHttpError(status, 'no se pudo actualizar el evento');
      return json as GoogleEvent;
    },

    /** Deletes an event; one already gone counts as deleted. */
    async deleteEvent(accessToken: string, id: string): Promise<void> {
      const { status } = await api(accessToken, 'DELETE', `${eventsPath}/${encodeURIComponent(id)}`);
      if (status !== 200 && status !== 204 && status !== 404 && status !== 410) throw new GoogleHttpError(status, 'no se pudo eliminar el evento');
    },
  };
}

export type GoogleClient = ReturnType<typeof createGoogleClient>;
