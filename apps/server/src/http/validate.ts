import type { Context } from 'hono';
import type { z } from 'zod';
import { assertNoControlCharacters, readJsonBody } from './body';
import { validationError } from './errors';

/** Parses a JSON body with a shared schema; a bad body is a 400 with the spec's message. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await readJsonBody(c);
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** Query-string parameters through a shared schema. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  assertNoControlCharacters(query);
  const result = schema.safeParse(query);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
