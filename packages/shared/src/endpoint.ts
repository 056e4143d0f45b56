import type { z } from './zod';

/**
 * One contract per endpoint, imported by both sides (docs/decisions/0007):
 * the server registers its handler against it (params, query and body parsed
 * with these schemas, the reply checked against `response` outside
 * production), and the web calls it and receives the typed reply.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointShape {
  method: HttpMethod;
  /** Path under /api, with `:name` parameters ('/casos/:id'). */
  path: string;
  /** 'user': needs a lawyer's session (401 otherwise); 'client': a client's portal session; 'public': open. */
  auth: 'user' | 'client' | 'public';
  query?: z.ZodType;
  /** A JSON body (application/json, at most 1 MB). */
  body?: z.ZodType;
  /** A multipart upload instead: one file plus the text fields this schema reads. */
  upload?: { fields: z.ZodType; maxBytes: number };
  /** The body's exact bytes instead, up to maxBytes (a provider's signed webhook: the signature is over them). */
  raw?: { maxBytes: number };
  /** The JSON reply, or 'file' for a stored file streamed back. */
  response: z.ZodType | 'file';
  status?: 200 | 201;
}

export function endpoint<const E extends EndpointShape>(definition: E): E {
  return definition;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;

/** '/casos/:id/counts' → { id: string } */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

export type EndpointQueryInput<E> = E extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
export type EndpointQuery<E> = E extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
export type EndpointBodyInput<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type EndpointBody<E> = E extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
export type EndpointFieldsInput<E> = E extends { upload: { fields: infer F extends z.ZodType } } ? z.input<F> : never;
export type EndpointFields<E> = E extends { upload: { fields: infer F extends z.ZodType } } ? z.output<F> : undefined;
/** A streamed file: the server's Response (structurally, so this package needs no DOM types). */
export interface FileReply {
  readonly body: unknown;
  readonly status: number;
}
/** What the handler returns (the wire JSON before the reply schema's parse). */
export type EndpointReply<E> = E extends { response: infer R extends z.ZodType } ? z.input<R> : FileReply;
/** What the caller receives. */
export type EndpointResponse<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : never;

/** Fills the `:name` parameters of a path (each encoded). */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${path}`);
    return encodeURIComponent(value);
  });
}
