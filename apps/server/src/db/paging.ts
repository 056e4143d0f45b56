import { AppError } from '../http/errors';

/**
 * Keyset-paging cursors: the sort key of the last row of a page, opaque to the
 * browser. A cursor that does not decode is a 400, never a 500.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, arity: number): string[] | null {
  if (!cursor) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === arity && values.every((value) => typeof value === 'string')) return values as string[];
  } catch {
    // fall through
  }
  throw new AppError(400, 'VALIDATION_ERROR', 'Cursor de paginación inválido');
}

/** `%term%` for ILIKE, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
