import { type ApiErrorBody, type ErrorCode, ERRORS, MSG } from '@bufete/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/**
 * An expected failure: a code of the catalogue (packages/shared/src/errors.ts),
 * whose status it takes, and the Spanish text the person sees. Raised only
 * through `appError`, so every code and status comes from the one catalogue.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  private constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = ERRORS[code].status as ContentfulStatusCode;
  }

  /** @internal use appError() */
  static of(code: ErrorCode, message: string, field?: string) {
    return new AppError(code, message, field);
  }
}

/** The error of a code: its catalogue message unless one is given (always from MSG). */
export function appError(code: ErrorCode, message?: string, field?: string): AppError {
  const fallback: string | undefined = 'message' in ERRORS[code] ? (ERRORS[code] as { message: string }).message : undefined;
  const text = message ?? fallback;
  if (text === undefined) throw new Error(`El error ${code} necesita un mensaje`);
  return AppError.of(code, text, field);
}

export const notFound = () => appError('NOT_FOUND');
export const unauthenticated = (message?: string) => appError('UNAUTHENTICATED', message);

export function errorBody(code: ErrorCode, message: string, field?: string, requestId?: string): ApiErrorBody {
  return { error: { code, message, ...(field ? { field } : {}), ...(requestId ? { request_id: requestId } : {}) } };
}

/**
 * The first problem of a zod error, as the spec's message for that field. A
 * problem with the body as a whole (missing, not an object) is a malformed
 * request; a malformed record id names something that cannot exist (404).
 */
export function validationError(error: ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  if (issue?.message === MSG.http.notFound) return notFound();
  if (!field) return appError('VALIDATION_ERROR');
  return appError('VALIDATION_ERROR', issue?.message ?? MSG.validation.badRequest, field);
}

export function respondWithError(c: Context, error: AppError) {
  return c.json(errorBody(error.code, error.message, error.field), error.status);
}
