import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, serverSays } from './api';

/**
 * The one way a form is written: react-hook-form checked by the shared zod
 * schema the server parses too (its Spanish messages on each field), and
 * submitting what the person typed (docs/decisions/0006): the server parses
 * that same input again.
 */
export function useSchemaForm<T extends FieldValues>(schema: { _zod: { input: T; output: unknown } }, defaultValues: DefaultValues<T>) {
  const resolver = zodResolver<T, unknown, unknown>(schema, undefined, { raw: true }) as Resolver<T, unknown, T>;
  return useForm<T, unknown, T>({ resolver, defaultValues });
}

/**
 * Shows a server error where it belongs: on its field when the server names
 * one the form has, otherwise as the form's message (returned). Anything that
 * is not an API error (network down, a bug) gets the screen's own text.
 */
export function applyServerError<T extends FieldValues>(error: unknown, options: { setError: UseFormSetError<T>; fields: readonly Path<T>[]; unexpected: string | ((error: unknown) => string) }): string | null {
  if (error instanceof ApiError) {
    const field = error.field as Path<T> | undefined;
    if (field && options.fields.includes(field)) {
      options.setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      return null;
    }
    if (serverSays(error)) return error.message;
  }
  return typeof options.unexpected === 'string' ? options.unexpected : options.unexpected(error);
}

/**
 * Checks form values with a shared schema and, when they pass, returns them
 * as typed. On a problem, the first message goes on its field and null is
 * returned. (Forms not yet on useSchemaForm; see issue 26.)
 */
export function checkForm<S extends z.ZodType, T extends FieldValues>(schema: S, values: T, setError: UseFormSetError<T>): z.input<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return values as z.input<S>;
  const issue = parsed.error.issues[0]!;
  setError(issue.path[0] as Path<T>, { message: issue.message });
  return null;
}
