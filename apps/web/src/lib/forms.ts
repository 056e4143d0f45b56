import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks form values with a shared schema and, when they pass, returns them
 * as typed: forms send the person's input, and the server parses that same
 * input with the same schema (docs/decisions/0006). On a problem, the first
 * message goes on its field (the same Spanish text the server would give) and
 * null is returned.
 */
export function checkForm<S extends z.ZodType, T extends FieldValues>(schema: S, values: T, setError: UseFormSetError<T>): z.input<S> | null {
  const parsed = schema.safeParse(values);
  // The values passed the schema, so they are one of its inputs.
  if (parsed.success) return values as z.input<S>;
  const issue = parsed.error.issues[0]!;
  setError(issue.path[0] as Path<T>, { message: issue.message });
  return null;
}
