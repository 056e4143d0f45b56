import type { EndpointBodyInput, EndpointFieldsInput, EndpointQueryInput, EndpointResponse, EndpointShape, PathParams } from '@bufete/shared/endpoint';
import type { ApiErrorBody, ErrorCode } from '@bufete/shared/errors';
import type { z } from '@bufete/shared/zod';
import { pathOf } from '@bufete/shared/endpoint';
import { MSG } from '@bufete/shared/messages';

/**
 * A failed API call: the catalogue's code and the server's Spanish message
 * (NETWORK when the server could not be reached, so each screen can show its
 * own "unexpected" text).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK' | 'HTTP_ERROR',
    message: string,
    readonly field?: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/**
 * Whether the server's own Spanish message should be shown rather than a
 * screen's generic text: every answer of ours (validation, limits, a full
 * disk, a lost database connection: each says what to do) except a bug (500)
 * and what did not come from us (no network, a proxy's page).
 */
export function serverSays(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== 'NETWORK' && error.code !== 'HTTP_ERROR' && error.code !== 'INTERNAL_ERROR';
}

/**
 * The one way a screen words a failed call outside a form (a toast, a card's
 * alert): the server's Spanish message when it sent one (`serverSays`), else
 * the screen's own text — never the browser's English ('Failed to fetch').
 * Forms use `applyServerError` (lib/forms.ts), which also marks the field.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return serverSays(error) ? error.message : fallback;
}

/** A failed call's HTTP status (0 without a connection), or null for anything that is not one. */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** A failed call's error code from the catalogue ('NETWORK' without a connection), or null for anything that is not one. */
/** The field a server's answer is about (a form that keeps its own errors puts the message under it). */
export function fieldOf(error: unknown): string | null {
  return error instanceof ApiError ? (error.field ?? null) : null;
}

export function codeOf(error: unknown): ApiError['code'] | null {
  return error instanceof ApiError ? error.code : null;
}

type ParamsArg<E extends EndpointShape> = keyof PathParams<E['path']> extends never ? { params?: undefined } : { params: PathParams<E['path']> };
type QueryArg<E extends EndpointShape> = E extends { query: z.ZodType } ? { query?: EndpointQueryInput<E> } : { query?: undefined };
type BodyArg<E extends EndpointShape> = E extends { body: z.ZodType } ? { body: EndpointBodyInput<E> } : { body?: undefined };
export type CallArgs<E extends EndpointShape> = ParamsArg<E> & QueryArg<E> & BodyArg<E> & { signal?: AbortSignal };
/** No argument at all when the endpoint needs none. */
type MaybeArgs<E extends EndpointShape> = object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** The URL of an endpoint: /api + its path with the parameters filled + the query's set values. */
export function urlOf(endpoint: EndpointShape, params?: Record<string, string>, query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const qs = search.toString();
  return `/api${pathOf(endpoint.path, params)}${qs ? `?${qs}` : ''}`;
}

async function readReply<E extends EndpointShape>(response: Response): Promise<EndpointResponse<E>> {
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Error ${response.status}`, error?.field, error?.request_id);
  }
  // The reply's type comes from the endpoint's contract; the server checks
  // every reply against that same schema in development and in every test.
  return data as EndpointResponse<E>;
}

/**
 * The one way the web talks to the server: an endpoint of the shared
 * contract, same-origin, the session in its httpOnly cookie. Returns the
 * reply typed by the contract, or throws an ApiError.
 */
export async function call<E extends EndpointShape>(endpoint: E, ...[args]: MaybeArgs<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, signal } = (args ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; signal?: AbortSignal };
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, params, query), {
      method: endpoint.method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', MSG.http.sinConexion);
  }
  return readReply<E>(response);
}

/**
 * A multipart upload to an upload endpoint of the contract: one file plus the
 * text fields the contract names. `onProgress` receives the fraction sent
 * (0–1), which fetch cannot report, hence XMLHttpRequest.
 */
export function upload<E extends EndpointShape & { upload: object }>(
  endpoint: E,
  args: ParamsArg<E> & { fields: EndpointFieldsInput<E>; file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<EndpointResponse<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries((args.fields ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  }
  form.append('file', args.file, args.file.name);
  const url = urlOf(endpoint, args.params as Record<string, string> | undefined);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) args.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const response = new Response(request.responseText, { status: request.status, headers: { 'Content-Type': 'application/json' } });
      readReply<E>(response).then(resolve, reject);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', MSG.http.sinConexion));
    request.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    args.signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}

/** The URL of a stored file (an endpoint whose reply is 'file'): for <img>, the viewer and downloads. */
export function fileUrl<E extends EndpointShape & { response: 'file' }>(endpoint: E, params: PathParams<E['path']>, query?: EndpointQueryInput<E>): string {
  return urlOf(endpoint, params as Record<string, string>, query as Record<string, unknown> | undefined);
}

/**
 * Downloads a file endpoint's answer, saved under the name the server gives
 * (Content-Disposition): for a file that can be refused (a 400 the person
 * should read), where a plain link would open the error's JSON instead.
 */
export async function downloadFile<E extends EndpointShape & { response: 'file' }>(endpoint: E, params: PathParams<E['path']>, query?: EndpointQueryInput<E>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(fileUrl(endpoint, params, query), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.http.sinConexion);
  }
  if (!response.ok) {
    await readReply(response);
    throw new ApiError(response.status, 'HTTP_ERROR', `Error ${response.status}`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'archivo';
  saveBlob(await response.blob(), name);
}

/** Saves what the page made (or fetched) as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A call whose reply streams as JSON lines (the assistant's answers): each
 * line is handed to `onLine` as it arrives. A refusal before the stream
 * (401, 404, 429) throws an ApiError like any call.
 */
export async function callStream<E extends EndpointShape & { response: 'file' }>(
  endpoint: E,
  args: { body: EndpointBodyInput<E>; signal?: AbortSignal },
  onLine: (line: unknown) => void,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint), {
      method: endpoint.method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args.body),
      credentials: 'same-origin',
      signal: args.signal,
    });
  } catch (error) {
    if (args.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', MSG.http.sinConexion);
  }
  if (!response.ok || !response.body) {
    await readReply(response);
    throw new ApiError(response.status, 'HTTP_ERROR', `Error ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onLine(JSON.parse(line));
      newline = buffer.indexOf('\n');
    }
  }
  if (buffer.trim()) onLine(JSON.parse(buffer));
}
