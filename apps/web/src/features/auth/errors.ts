import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';

/**
 * Shows a server error where it belongs: on its field when the server names
 * one the form has, otherwise as the form's message. Anything that is not an
 * API error (network down, a bug) gets the screen's "unexpected" text.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  options: { setError: UseFormSetError<T>; fields: readonly Path<T>[]; unexpected: (error: unknown) => string },
): string | null {
  if (error instanceof ApiError) {
    const field = error.field as Path<T> | undefined;
    if (field && options.fields.includes(field)) {
      options.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      return null;
    }
    return error.message;
  }
  return options.unexpected(error);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
