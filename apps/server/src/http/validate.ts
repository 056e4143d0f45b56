import { MSG } from '@bufete/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, notFound, validationError } from './errors';

/** Parses a JSON body with a shared schema; a bad body is a 400 with the spec's message. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'VALIDATION_ERROR', MSG.validation.badRequest);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Query-string parameters through a shared schema. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `:id` of a record. Anything that is not one of our ids cannot exist: 404, like another user's record. */
export function parseId(c: Context, name = 'id'): string {
  const id = c.req.param(name) ?? '';
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}
