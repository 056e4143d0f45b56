import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from '@bufete/shared/zod';

/**
 * What checks a form against its zod schema: loaded with the schemas (the
 * `schemas` chunk), never with a page (lib/forms.ts loads it on a form's first
 * check). `raw`: the form submits what the person typed; the server parses it.
 */
export function resolverOf(schema: z.ZodType): Resolver<FieldValues, unknown, FieldValues> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<FieldValues, unknown, FieldValues>;
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
