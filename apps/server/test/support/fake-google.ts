import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's OAuth and Calendar endpoints: the parts
 * Bufete calls (authorize, token with both grants, events list with sync
 * tokens and 410, insert with a client id and 409, patch, delete), one
 * Google account with one primary calendar. Tests drive the Google side
 * through its methods (or, from a browser test, its /__control routes).
 */

export interface FakeGoogleEvent {
  id: string;
  status: 'confirmed' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  reminders?: { useDefault?: boolean; overrides?: { method: string; minutes: number }[] };
  extendedProperties?: { private?: Record<string, string> };
  updated: string;
  htmlLink: string;
  /** The change counter when it last changed (what sync tokens compare). */
  sequence: number;
}

export interface FakeGoogle {
  urls: { oauthUrl: string; tokenUrl: string; calendarApiUrl: string; revokeUrl: string };
  /** The environment a Bufete server needs to use this fake. */
  env: Record<string, string>;
  clientId: string;
  clientSecret: string;
  events(): FakeGoogleEvent[];
  event(id: string): FakeGoogleEvent | undefined;
  /** An event created by the lawyer in Google Calendar itself. */
  addEvent(fields: Partial<FakeGoogleEvent> & { summary: string; start: FakeGoogleEvent['start']; end: FakeGoogleEvent['end'] }): FakeGoogleEvent;
  updateEvent(id: string, fields: Partial<FakeGoogleEvent>): void;
  deleteEvent(id: string): void;
  /** Every sync token given so far answers 410 Gone from now on. */
  expireSyncTokens(): void;
  /** The lawyer revoked Bufete's access: every token is refused. */
  revokeAccess(): void;
  /** The next authorization answers with this error instead of a code ('access_denied'). */
  denyNextAuthorization(error: string): void;
  /** Access tokens expire this many seconds after they are issued. */
  setTokenLifetime(seconds: number): void;
  /**
   * Google drops the access tokens it issued before their expires_in (as it
   * does after a Google password change or past its token limits): API calls
   * answer 401 'Invalid Credentials'; the refresh token still works.
   */
  dropAccessTokens(): void;
  /** Each events list waits this long before it answers (a slow page). */
  setListDelay(ms: number): void;
  /** Tokens revoked through /revoke (RFC 7009, Google's https://oauth2.googleapis.com/revoke). */
  revoked: string[];
  /** How many requests of each kind arrived ('token:refresh_token', 'events:GET'...). */
  calls: Record<string, number>;
  close(): Promise<void>;
}

export async function startFakeGoogle(options: { port?: number } = {}): Promise<FakeGoogle> {
  const clientId = 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = 'fake-client-secret';
  const events = new Map<string, FakeGoogleEvent>();
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const calls: Record<string, number> = {};
  let sequence = 0;
  let lastUpdated = 0;
  let expiredBelow = 0;
  let tokenLifetime = 3600;
  let denyWith: string | null = null;
  let listDelay = 0;
  const revoked: string[] = [];
  let base = '';

  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  const stamp = () => {
    lastUpdated = Math.max(Date.now(), lastUpdated + 1);
    sequence += 1;
    return { updated: new Date(lastUpdated).toISOString(), sequence };
  };
  const token = () => randomBytes(16).toString('hex');
  const newId = () =>
    randomBytes(10)
      .toString('hex')
      .replace(/[^0-9a-v]/g, '0');

  function send(res: ServerResponse, status: number, body?: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function issueTokens(withRefresh: boolean) {
    const access = token();
    accessTokens.set(access, Date.now() + tokenLifetime * 1000);
    const body: Record<string, unknown> = { access_token: access, expires_in: tokenLifetime, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/calendar' };
    if (withRefresh) {
      const refresh = token();
      refreshTokens.add(refresh);
      body.refresh_token = refresh;
    }
    return body;
  }

  function authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const expires = accessTokens.get(header.replace(/^Bearer /, ''));
    return expires !== undefined && expires > Date.now();
  }

  function create(fields: Partial<FakeGoogleEvent>): FakeGoogleEvent {
    const id = fields.id ?? newId();
    const event: FakeGoogleEvent = {
      status: 'confirmed',
      start: {},
      end: {},
      ...fields,
      id,
      htmlLink: `https://calendar.google.com/calendar/event?eid=${id}`,
      ...stamp(),
    };
    events.set(id, event);
    return event;
  }

  function visible(event: FakeGoogleEvent) {
    const { sequence: _sequence, ...rest } = event;
    return rest;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;

    if (req.method === 'GET' && path === '/o/oauth2/v2/auth') {
      count('authorize');
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      if (url.searchParams.get('client_id') !== clientId) return send(res, 400, { error: 'invalid_client' });
      if (denyWith) {
        redirect.searchParams.set('error', denyWith);
        denyWith = null;
      } else {
        const code = `code-${token()}`;
        codes.set(code, { redirectUri: url.searchParams.get('redirect_uri') ?? '', used: false });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: redirect.toString() });
      return res.end();
    }

    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(await readBody(req));
      count(`token:${form.get('grant_type')}`);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return send(res, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const entry = codes.get(form.get('code') ?? '');
        if (!entry || entry.used || entry.redirectUri !== form.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant' });
        entry.used = true;
        return send(res, 200, issueTokens(true));
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? '')) return send(res, 400, { error: 'invalid_grant' });
        return send(res, 200, issueTokens(false));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }

    // Revocation (Google's /revoke, RFC 7009): the token, access or refresh, stops working; 200 either way.
    if (req.method === 'POST' && path === '/revoke') {
      count('revoke');
      const tokenValue = new URLSearchParams(await readBody(req)).get('token') ?? url.searchParams.get('token') ?? '';
      revoked.push(tokenValue);
      const wasKnown = refreshTokens.delete(tokenValue) || accessTokens.delete(tokenValue);
      return wasKnown ? send(res, 200, {}) : send(res, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }

    const eventsPrefix = '/calendar/v3/calendars/primary/events';
    if (path === eventsPrefix || path.startsWith(`${eventsPrefix}/`)) {
      count(`events:${req.method}`);
      if (!authorized(req)) return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      const id = path.length > eventsPrefix.length ? decodeURIComponent(path.slice(eventsPrefix.length + 1)) : null;

      if (req.method === 'GET' && !id) {
        if (listDelay) await new Promise((resolve) => setTimeout(resolve, listDelay));
        const syncToken = url.searchParams.get('syncToken');
        const max = Number(url.searchParams.get('maxResults') ?? 250);
        const offset = Number(url.searchParams.get('pageToken') ?? 0);
        let list: FakeGoogleEvent[];
        if (syncToken) {
          const since = Number(syncToken.replace('sync-', ''));
          if (!Number.isFinite(since) || since < expiredBelow) return send(res, 410, { error: { code: 410, message: 'Sync token is no longer valid' } });
          list = [...events.values()].filter((event) => event.sequence > since);
        } else {
          const timeMin = url.searchParams.get('timeMin');
          list = [...events.values()].filter((event) => event.status !== 'cancelled' && (!timeMin || (event.end.dateTime ?? event.end.date ?? '') >= timeMin.slice(0, 10)));
        }
        list.sort((a, b) => a.sequence - b.sequence);
        const page = list.slice(offset, offset + max);
        const more = offset + max < list.length;
        return send(res, 200, {
          kind: 'calendar#events',
          items: page.map(visible),
          ...(more ? { nextPageToken: String(offset + max) } : { nextSyncToken: `sync-${sequence}` }),
        });
      }
      if (req.method === 'POST' && !id) {
        const body = JSON.parse((await readBody(req)) || '{}');
        if (body.id && events.has(body.id)) return send(res, 409, { error: { code: 409, message: 'The requested identifier already exists.' } });
        return send(res, 200, visible(create({ ...body, status: 'confirmed' })));
      }
      const existing = id ? events.get(id) : undefined;
      if (req.method === 'PATCH' && id) {
        if (!existing || existing.status === 'cancelled') return send(res, 404, { error: { code: 404, message: 'Not Found' } });
        const body = JSON.parse((await readBody(req)) || '{}');
        Object.assign(existing, body, { id, ...stamp() });
        return send(res, 200, visible(existing));
      }
      if (req.method === 'DELETE' && id) {
        if (!existing) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
        if (existing.status === 'cancelled') return send(res, 410, { error: { code: 410, message: 'Resource has been deleted' } });
        Object.assign(existing, { status: 'cancelled' as const, ...stamp() });
        res.writeHead(204);
        return res.end();
      }
      if (req.method === 'GET' && id) {
        if (!existing || existing.status === 'cancelled') return send(res, 404, { error: { code: 404, message: 'Not Found' } });
        return send(res, 200, visible(existing));
      }
    }

    // Test controls for browser journeys (the in-process methods, over HTTP).
    if (path === '/__control/events' && req.method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}');
      return send(res, 200, visible(fake.addEvent(body)));
    }
    if (path === '/__control/events' && req.method === 'GET') return send(res, 200, fake.events().map(visible));
    if (path === '/__control/deny' && req.method === 'POST') {
      fake.denyNextAuthorization(url.searchParams.get('error') ?? 'access_denied');
      return send(res, 200, { ok: true });
    }
    send(res, 404, { error: { code: 404, message: 'Not Found' } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls = { oauthUrl: `${base}/o/oauth2/v2/auth`, tokenUrl: `${base}/token`, calendarApiUrl: `${base}/calendar/v3`, revokeUrl: `${base}/revoke` };

  const fake: FakeGoogle = {
    urls,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_OAUTH_URL: urls.oauthUrl,
      GOOGLE_TOKEN_URL: urls.tokenUrl,
      GOOGLE_CALENDAR_API_URL: urls.calendarApiUrl,
      GOOGLE_REVOKE_URL: urls.revokeUrl,
    },
    clientId,
    clientSecret,
    events: () => [...events.values()],
    event: (id) => events.get(id),
    addEvent: (fields) => create(fields),
    updateEvent(id, fields) {
      const existing = events.get(id);
      if (!existing) throw new Error(`No existe el evento ${id}`);
      Object.assign(existing, fields, { id, ...stamp() });
    },
    deleteEvent(id) {
      const existing = events.get(id);
      if (existing) Object.assign(existing, { status: 'cancelled' as const, ...stamp() });
    },
    expireSyncTokens() {
      expiredBelow = sequence + 1;
    },
    revokeAccess() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    denyNextAuthorization(error) {
      denyWith = error;
    },
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
    },
    dropAccessTokens() {
      accessTokens.clear();
    },
    setListDelay(ms) {
      listDelay = ms;
    },
    revoked,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
