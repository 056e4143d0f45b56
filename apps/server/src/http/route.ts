import type { EndpointBody, EndpointFields, EndpointQuery, EndpointReply, EndpointShape, PathParams } from '@bufete/shared';
import { isRecordId, MSG } from '@bufete/shared';
import { type Context, Hono } from 'hono';
import type { Auth } from '../auth/auth';
import { type AppEnv, type DespachoOfSession, readSession, type SignedInUser } from '../auth/session';
import { areaOf, authorize } from './areas';
import { currentRequest } from './request-context';
import type { SessionActivity } from '../auth/session-activity';
import type { SessionCache } from '../auth/session-cache';
import type { PortalClient } from '../auth/portal-client';
import type { PasanteAccess, ReglaPasante } from '../modules/team/pasante';
import { isConnectionLost } from '../db/connection-errors';
import { readBodyCapped } from './body';
import { appError, notFound, unauthenticated, validationError } from './errors';
import { type ReceivedFile, receiveUpload } from './upload';
import { parseJson, parseQuery } from './validate';

/** What a handler receives, typed from its endpoint's contract. */
export interface RouteInput<E extends EndpointShape> {
  c: Context<AppEnv>;
  /** The acting user, from the session cookie (never from the request). */
  user: E['auth'] extends 'user' ? SignedInUser : null;
  /** The client signed in to the portal, from the portal's own cookie ('client' endpoints only). */
  client: E['auth'] extends 'client' ? PortalClient : null;
  params: PathParams<E['path']>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The received file (the handler's to discard) and the form's fields. */
  upload: E extends { upload: object } ? { file: ReceivedFile; fields: EndpointFields<E> } : undefined;
  /** The body's exact bytes ('raw' endpoints: a provider's signed webhook). */
  raw: E extends { raw: object } ? Buffer : undefined;
}

export type Handler<E extends EndpointShape> = (input: RouteInput<E>) => Promise<EndpointReply<E>> | EndpointReply<E>;

export interface RouteOptions {
  /** The 401 text of this endpoint, where the spec gives one. */
  unauthenticatedMessage?: string;
  /**
   * Runs before the query, body or upload is read: rate limits and switches
   * (a limited or disabled endpoint answers without reading what was sent).
   */
  before?: (c: Context<AppEnv>, user: SignedInUser | null) => Promise<void> | void;
  /** Upload endpoints: the texts for a file over the limit (given its name, where the text names it) and for no file. */
  tooLargeMessage?: string | ((fileName: string) => string);
  missingFileMessage?: string;
}

export interface Router {
  /** Registers the handler of an endpoint of the contract (packages/shared). */
  on<E extends EndpointShape>(endpoint: E, handler: Handler<E>, options?: RouteOptions): void;
  readonly app: Hono<AppEnv>;
}

/**
 * The one way an endpoint is served (docs/decisions/0007): the session is
 * resolved when the contract asks for it; `:id` parameters must be record ids
 * (anything else cannot exist: 404); query, JSON body and multipart fields are
 * parsed with the contract's schemas; and outside production every reply is
 * checked against the contract's reply schema, so each integration test also
 * tests the contract the web relies on.
 */
export function createRouter(deps: {
  auth: Auth;
  sessions: SessionCache;
  /** Which despacho a session works in, and the person's role there (modules/team). */
  despachoOf: DespachoOfSession;
  /** How a pasante's requests are kept to their cases (modules/team/pasante.ts). */
  pasante: PasanteAccess;
  activity?: SessionActivity;
  /** The client portal's sessions (issue 38): a kind of their own, never a lawyer's. */
  portal?: { read(c: Context): Promise<PortalClient | null> };
  checkReplies: boolean;
  tmpDir: string;
}): Router {
  const app = new Hono<AppEnv>();

  function on<E extends EndpointShape>(endpoint: E, handler: Handler<E>, options: RouteOptions = {}) {
    // A read changes nothing: when the database connection is lost under it, it is tried once more on a new one.
    const retried = endpoint.method === 'GET' && endpoint.response !== 'file';
    // What part of the despacho it belongs to: a member's role is checked against it on every request.
    const area = areaOf(endpoint.method, endpoint.path);
    app.on(endpoint.method, endpoint.path, async (c) => {
      try {
        return await serve(c);
      } catch (error) {
        if (!retried || !isConnectionLost(error)) throw error;
        return serve(c);
      }
    });

    async function serve(c: Context<AppEnv>) {
      let user: SignedInUser | null = null;
      let pasante: ReglaPasante | null = null;
      if (endpoint.auth === 'user') {
        // Reading the session changes nothing either, whatever the method.
        user = await readSession(deps.auth, deps.sessions, c, deps.despachoOf).catch((error: unknown) => {
          if (!isConnectionLost(error)) throw error;
          return readSession(deps.auth, deps.sessions, c, deps.despachoOf);
        });
        if (!user) throw unauthenticated(options.unauthenticatedMessage);
        authorize(user, area);
        // What this member changes, the history says they did.
        const request = currentRequest();
        if (request) request.personaId = user.personId;
        if (request && user.personId !== user.id) request.autor = { id: user.personId, nombre: user.name };
        if (user.rol === 'pasante') {
          pasante = deps.pasante.regla(endpoint.method, endpoint.path, area);
          // Outside a request (a test calling a handler) there is nowhere to keep them: refuse rather than show all.
          if (!request) throw appError('FORBIDDEN_ROLE');
          request.casosVisibles = await deps.pasante.casosDeLaPersona(user.id, user.personId);
        }
        c.set('user', user);
        deps.activity?.seen(user.sessionId);
      }
      let client: PortalClient | null = null;
      if (endpoint.auth === 'client') {
        client = (await deps.portal?.read(c)) ?? null;
        if (!client) throw unauthenticated(MSG.portal.sesionTerminada);
      }
      await options.before?.(c, user);
      const params = c.req.param() as Record<string, string>;
      // Every path parameter names a record by its UUID, except a calendar feed's token.
      for (const [name, value] of Object.entries(params)) {
        if (name !== 'token') {
          if (!isRecordId(value)) throw notFound();
          params[name] = value.toLowerCase();
        }
      }
      const query = endpoint.query ? parseQuery(c, endpoint.query) : undefined;
      const body = endpoint.body ? await parseJson(c, endpoint.body) : undefined;
      let upload: { file: ReceivedFile; fields: unknown } | undefined;
      if (endpoint.upload) {
        const received = await receiveUpload(c, {
          maxBytes: endpoint.upload.maxBytes,
          tmpDir: deps.tmpDir,
          tooLargeMessage: options.tooLargeMessage ?? MSG.documents.archivoGrande,
          missingFileMessage: options.missingFileMessage ?? MSG.documents.sinArchivo,
        });
        const fields = endpoint.upload.fields.safeParse(received.fields);
        if (!fields.success) {
          await received.file.discard();
          throw validationError(fields.error);
        }
        upload = { file: received.file, fields: fields.data };
      }
      if (pasante && user) {
        await deps.pasante.comprobar(pasante, user.id, endpoint.path, params, query, body, upload?.fields).catch(async (error: unknown) => {
          await upload?.file.discard();
          throw error;
        });
      }
      const raw = endpoint.raw ? await readBodyCapped(c, endpoint.raw.maxBytes) : undefined;
      const input = { c, user, client, params, query, body, upload, raw } as unknown as RouteInput<E>;
      const reply = await handler(input);
      if (endpoint.response === 'file') return reply as unknown as Response;
      if (deps.checkReplies) {
        const checked = endpoint.response.safeParse(reply);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          throw new Error(`La respuesta de ${endpoint.method} ${endpoint.path} no cumple su contrato: ${issue?.path.join('.')} ${issue?.message}`);
        }
      }
      return c.json(reply as object, endpoint.status ?? 200);
    }
  }

  return { on, app };
}
