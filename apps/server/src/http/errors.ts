import type { ApiErrorBody } from '@bufete/shared';
import { ERROR_CODES, MSG } from '@bufete/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** An expected failure: its message is the Spanish text the person sees. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = () => new AppError(404, ERROR_CODES.notFound, MSG.http.notFound);
export const unauthenticated = (message: string = MSG.http.unauthenticated) =>
  new AppError(401, ERROR_CODES.unauthenticated, message);

export function errorBody(code: string, message: string, field?: string): ApiErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/** The first problem of a zod error, as the spec's message for that field. */
export function validationError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  return new AppError(400, ERROR_CODES.validation, issue?.message ?? MSG.validation.badRequest, field);
}

export function respondWithError(c: Context, error: AppError) {
  return c.json(errorBody(error.code, error.message, error.field), error.status);
}
