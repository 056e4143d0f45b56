import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormSetError, useForm } from 'react-hook-form';
import { z } from '@bufete/shared/zod';
import { ApiError, serverSays } from './api';

/**
 * The one way a form is written: react-hook-form checked by the shared zod
 * schema the server parses too (its Spanish messages on each field), and
 * submitting what the person typed (docs/decisions/0006): the server parses
 * that same input again. `T` is what the form holds (selects and dates as
 * text); the schema decides what of it is valid.
 */
export function useSchemaForm<T extends FieldValues>(schema: z.ZodType, defaultValues: DefaultValues<T>) {
  const resolver = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T, unknown, T>;
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
 * The schema of a form whose values are not the wire's (a day and an hour
 * typed for one instant): the contract's schema checks `toWire(values)`, and
 * each of its messages goes to the field the person typed (`fieldOf` names
 * it where the wire's key differs), so the form still has one check, the
 * server's.
 */
export function checkedAsWire<T>(wire: z.ZodType, toWire: (values: T) => unknown, fieldOf: Record<string, string> = {}): z.ZodType {
  return z.custom<T>().superRefine((values, ctx) => {
    const parsed = wire.safeParse(toWire(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const [key = '', ...rest] = issue.path.map(String);
      ctx.addIssue({ code: 'custom', path: [fieldOf[key] ?? key, ...rest], message: issue.message });
    }
  });
}
