import { LIMITS } from './constants';
import { MSG } from './messages';
import { z } from './zod';

/*
 * Field builders shared by every schema. One rule holds for all of them:
 * forms send what the person typed (the schema's input) and the server parses
 * it again, so each schema accepts its own output: parsing twice is harmless.
 */

const v = MSG.validation;

/** Optional free text: trimmed; empty, missing or null is stored as null. */
export const optionalText = (max: number) =>
  z
    .string({ error: v.badRequest })
    .trim()
    .max(max, { error: v.tooLong })
    .nullish()
    .transform((value) => value || null);

/**
 * Optional text of a partial update: left out means "not changed" (undefined),
 * empty or null means "clear it" (null).
 */
export const patchText = (max: number) =>
  z
    .string({ error: v.badRequest })
    .trim()
    .max(max, { error: v.tooLong })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** Years a lawyer's dates can fall in: anything else is a typo (0000, 20266). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;

/** A real calendar date YYYY-MM-DD between 1900 and 2200 (2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const isoDate = z
  .string({ error: MSG.practice.fechaInvalida })
  .trim()
  .refine(isCalendarDate, { error: MSG.practice.fechaInvalida });

/** An optional date: '' and null mean "no date". */
export const optionalDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((value) => value || null);

/** Like optionalDate, for partial updates (undefined = not changed). */
export const patchDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** An instant with its offset (ISO 8601), normalised to UTC; year 1900–2200. */
export const isoDateTime = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .transform((value) => new Date(value).toISOString())
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= YEAR_MIN && year <= YEAR_MAX;
    }, { error: message });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value has the shape of one of our record ids (a UUID). */
export function isRecordId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** One of our record ids (UUID). Anything else cannot exist: not found. */
export const recordId = z.uuid({ error: MSG.http.notFound }).transform((value) => value.toLowerCase());

/** An optional link to a record: '' and null mean "no link". */
export const optionalId = z
  .union([recordId, z.literal(''), z.null()])
  .optional()
  .transform((value) => value || null);

/** Like optionalId, for partial updates (undefined = not changed). */
export const patchId = z
  .union([recordId, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** The search box of a list: trimmed, empty means no search. */
export const searchTerm = z
  .string({ error: v.badRequest })
  .trim()
  .max(200, { error: v.tooLong })
  .optional()
  .transform((value) => value || undefined);

/** An optional filter by record id in a query string ('' = no filter). */
export const filterId = z
  .union([recordId, z.literal('')])
  .optional()
  .transform((value) => value || undefined);

/** Page size of keyset-paged lists. */
export const pageLimit = z.coerce
  .number({ error: v.badRequest })
  .int({ error: v.badRequest })
  .min(1, { error: v.badRequest })
  .max(100, { error: v.badRequest })
  .default(LIMITS.pageSize);

/** The opaque cursor of the next page (checked when decoded by the server). */
export const pageCursor = z.string({ error: MSG.http.cursorInvalido }).max(400, { error: MSG.http.cursorInvalido }).optional();
