import type { PacConfig } from '../../../config';
import { type Pac, PacRejection, PacUnavailable, readCapped, withRetries } from './pac';

type SwConfig = PacConfig;
type SwReply = { status?: string; message?: string; messageDetail?: string | null; data?: Record<string, unknown> | null };

/** The operator's account refused: the lawyer cannot fix it. */
export const OPERATOR_CREDENTIALS_REFUSED = 'El PAC no aceptó las credenciales de Bufete (PAC_TOKEN, o PAC_USER y PAC_PASSWORD). Avisa a quien administra Bufete.';

/** 'CFDI40102 - El resultado…' → 'CFDI40102'. */
const codeOf = (message: string) => /^\s*([A-Z]*\d+)\s*[-.]/.exec(message)?.[1] ?? null;

/**
 * SW sapien (LunaSoft, PAC 16543), over its documented REST API
 * (developers.sw.com.mx; the official SDKs lunasoft/sw-sdk-*):
 * - POST /v2/security/authenticate {user, password} → data.token, data.expires_in (epoch seconds);
 *   or a long-lived token given as PAC_TOKEN.
 * - POST /v4/cfdi33/stamp/v2, multipart field 'xml', header 'customid' → data.tfd, data.cfdi. The same
 *   customid with the same XML answers '307. El comprobante contiene un timbre previo.' with the
 *   same data: how a call whose answer was lost is recovered without stamping twice.
 * - POST /cfdi33/cancel/csd {uuid, password, rfc, motivo, foliosustitucion, b64Cer, b64Key} →
 *   data.acuse, data.uuid {uuid: code}.
 * - GET /account/balance (bearer) → data.saldoTimbres: the account's stamps left ('Probar conexión').
 * Errors come as {status: 'error', message, messageDetail}.
 */
export function createSwPac(config: SwConfig, fetchImpl: typeof fetch, CREDENTIALS_REFUSED = OPERATOR_CREDENTIALS_REFUSED): Pac {
  let session: { token: string; expiresAt: number } | null = 'token' in config.auth ? { token: config.auth.token, expiresAt: Infinity } : null;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: SwReply | null }> {
    let response: Response;
    try {
      response = await fetchImpl(`${config.url}${path}`, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      throw new PacUnavailable(error instanceof Error ? error.message : String(error));
    }
    let text: string;
    try {
      text = await readCapped(response);
    } catch (error) {
      throw error instanceof PacUnavailable ? error : new PacUnavailable('respuesta cortada');
    }
    if (response.status >= 500) throw new PacUnavailable(`HTTP ${response.status}`);
    try {
      return { status: response.status, body: text.trim() ? (JSON.parse(text) as SwReply) : null };
    } catch {
      throw new PacUnavailable(`HTTP ${response.status}: respuesta que no es JSON`);
    }
  }

  async function token(): Promise<string> {
    if (session && session.expiresAt > Date.now() + 60_000) return session.token;
    if (!('user' in config.auth)) throw new PacRejection(CREDENTIALS_REFUSED);
    const { status, body } = await call('/v2/security/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: config.auth.user, password: config.auth.password }),
    });
    const data = body?.data;
    if (status === 200 && typeof data?.token === 'string') {
      const expires = Number(data.expires_in);
      session = { token: data.token, expiresAt: Number.isFinite(expires) && expires > 0 ? expires * 1000 : Date.now() + 3600_000 };
      return session.token;
    }
    if (status === 400 || status === 401 || status === 403) throw new PacRejection(CREDENTIALS_REFUSED);
    throw new PacUnavailable(`autenticación: HTTP ${status}`);
  }

  /** A call with the session's token; a 401 (a token that expired early) signs in again once. */
  async function authorized(path: string, init: (token: string) => RequestInit) {
    let reply = await call(path, init(await token()));
    if (reply.status === 401 && 'user' in config.auth) {
      session = null;
      reply = await call(path, init(await token()));
    }
    if (reply.status === 401 || reply.status === 403) throw new PacRejection(CREDENTIALS_REFUSED);
    return reply;
  }

  function refusal(body: SwReply | null, status: number): never {
    const message = typeof body?.message === 'string' && body.message.trim() ? body.message.trim() : null;
    if (!message) throw new PacUnavailable(`HTTP ${status} sin mensaje`);
    const detail = typeof body?.messageDetail === 'string' && body.messageDetail.trim() && body.messageDetail.trim() !== message ? ` ${body.messageDetail.trim()}` : '';
    throw new PacRejection(`${message}${detail}`.slice(0, 600), codeOf(message));
  }

  return {
    stamp: ({ xml, customId }) =>
      withRetries(config.retries, async () => {
        const { status, body } = await authorized('/v4/cfdi33/stamp/v2', (bearer) => {
          const form = new FormData();
          form.append('xml', new Blob([xml], { type: 'text/xml' }), 'xml');
          return { method: 'POST', headers: { authorization: `Bearer ${bearer}`, customid: customId }, body: form };
        });
        // Stamped now, or before with this customid and this XML ('307', same data).
        if (typeof body?.data?.cfdi === 'string' && body.data.cfdi.includes('TimbreFiscalDigital')) return body.data.cfdi;
        refusal(body, status);
      }),

    cancel: (input) =>
      withRetries(config.retries, async () => {
        const { status, body } = await authorized('/cfdi33/cancel/csd', (bearer) => ({
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            uuid: input.uuid,
            password: input.password,
            rfc: input.rfc,
            motivo: input.motivo,
            foliosustitucion: input.folioSustitucion ?? '',
            b64Cer: input.cer,
            b64Key: input.key,
          }),
        }));
        if (status === 200 && body?.status === 'success') {
          const codes = body.data?.uuid;
          const codigo = codes && typeof codes === 'object' ? (Object.entries(codes).find(([uuid]) => uuid.toLowerCase() === input.uuid.toLowerCase())?.[1] ?? null) : null;
          return { acuse: typeof body.data?.acuse === 'string' ? body.data.acuse : null, codigo: codigo === null ? null : String(codigo) };
        }
        refusal(body, status);
      }),

    check: () =>
      withRetries(config.retries, async () => {
        const { status, body } = await authorized('/account/balance', (bearer) => ({ method: 'GET', headers: { authorization: `Bearer ${bearer}` } }));
        if (status === 200 && body?.status === 'success') {
          const timbres = Number(body.data?.saldoTimbres);
          return { timbres: Number.isFinite(timbres) ? timbres : null };
        }
        refusal(body, status);
      }),
  };
}
