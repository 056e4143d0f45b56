import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, type UseFormSetError, useForm } from 'react-hook-form';
import type { z } from '@bufete/shared/zod';
import { ApiError, serverSays } from './api';

/**
 * A form's schema, or how to load it. A form in a dialog has its schema at
 * hand (the dialog's code loads when it opens); a form a page shows as it
 * opens (Configuración → Perfil) passes a loader, so zod and the schemas
 * load when the form is first checked, not before the page paints
 * (docs/decisions/0028).
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/** One check per schema source, zod's resolver loaded with it (lib/schema-check.ts, the `schemas` chunk). */
const checks = new WeakMap<object, Promise<Resolver<FieldValues, unknown, FieldValues>>>();
function checkOf(source: SchemaSource) {
  let check = checks.get(source);
  if (!check) {
    check = Promise.all([import('./schema-check'), typeof source === 'function' ? source() : source]).then(([{ resolverOf }, schema]) => resolverOf(schema));
    checks.set(source, check);
  }
  return check;
}

/**
 * The one way a form is written: react-hook-form checked by the shared zod
 * schema the server parses too (its Spanish messages on each field), and
 * submitting what the person typed (docs/decisions/0006): the server parses
 * that same input again. `T` is what the form holds (selects and dates as
 * text); the schema decides what of it is valid.
 */
export function useSchemaForm<T extends FieldValues>(schema: SchemaSource, defaultValues: DefaultValues<T>) {
  const resolver = (async (values, context, options) => (await checkOf(schema))(values, context, options as never)) as Resolver<T, unknown, T>;
  return useForm<T, unknown, T>({ resolver, defaultValues });
}

/**
 * Shows a server error where it belongs: on its field when the server names
 * one the form has, otherwise as the form's message (returned). Anything that
 * is not an API error (network down, a bug) gets the screen's own text.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  options: { setError: UseFormSetError<T>; fields: readonly Path<T>[]; unexpected: string | ((error: unknown) => string) },
): string | null {
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
 * The one way a form is sent: the form's message cleared, `action` run with
 * the checked values, and a failure shown where it belongs (applyServerError:
 * on its field, else as `error`, the form's message, which the form shows in
 * an Alert above its fields). `setError` lets the form clear or set its
 * message itself (a file chosen again, a step of its own).
 */
export function useFormSubmit<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, T>, 'handleSubmit' | 'setError'>,
  options: { fields: readonly Path<T>[]; unexpected: string | ((error: unknown) => string) },
  action: (values: T) => Promise<unknown>,
) {
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await action(values);
    } catch (caught) {
      setError(applyServerError(caught, { setError: form.setError, ...options }));
    }
  });
  return { onSubmit, error, setError };
}
