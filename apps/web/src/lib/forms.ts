import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks form values with a shared schema: the parsed output, or null after
 * putting the first problem on its field (the same Spanish text the server gives).
 */
export function parseForm<S extends z.ZodType, T extends FieldValues>(schema: S, values: T, setError: UseFormSetError<T>): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  setError(issue.path[0] as Path<T>, { message: issue.message });
  return null;
}
