import type { Context } from 'hono';
import { MSG } from '@bufete/shared';
import type { AppEnv } from '../auth/session';
import { isConnectionLost } from '../db/connection-errors';
import { errorCodeOf, type Logger, redactPath } from '../logger';
import { isDiskFull, pathOfDiskError } from '../storage/disk-space';
import { AppError, appError, errorBody, respondWithError } from './errors';

/**
 * What every error a route throws becomes: our own errors their status and
 * Spanish message; a full disk a 507; a lost database connection a 503 to try
 * again; anything else a 500 with a reference the person can quote, logged
 * without its data.
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>) => {
    // A full disk: the person reads it in Spanish (507), the operator which path ran out.
    if (isDiskFull(error)) {
      logger.error(
        `Sin espacio en disco: no se pudo escribir en ${pathOfDiskError(error) ?? 'la carpeta de datos o la base de datos'} (${c.req.method} ${redactPath(new URL(c.req.url).pathname)})`,
      );
      return respondWithError(c, error instanceof AppError ? error : appError('STORAGE_FULL'));
    }
    if (error instanceof AppError) return respondWithError(c, error);
    if (isConnectionLost(error)) {
      logger.warn(`${c.req.method} ${redactPath(new URL(c.req.url).pathname)}: se perdió la conexión con la base de datos (${errorCodeOf(error)})`);
      return respondWithError(c, appError('DATABASE_UNAVAILABLE'));
    }
    // Logged without data: the method, the path (tokens redacted, no query
    // string), the request id and a description of the error without its
    // parameters. The person sees the id to report it.
    const requestId = c.get('requestId') ?? 'sin-id';
    logger.error(`${c.req.method} ${redactPath(new URL(c.req.url).pathname)} falló (ref ${requestId})`, error);
    return c.json(errorBody('INTERNAL_ERROR', MSG.http.internalRef(requestId), undefined, requestId), 500);
  };
}
