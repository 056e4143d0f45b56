import { MSG } from '@bufete/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, validationError } from './errors';

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
