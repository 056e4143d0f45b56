import { YEAR_MIN, YEAR_MAX, isCalendarDate } from './values/fields';
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

export const isoDate = z.string({ error: MSG.practice.fechaInvalida }).trim().refine(isCalendarDate, { error: MSG.practice.fechaInvalida });

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
    .refine(
      (value) => {
        const year = Number(value.slice(0, 4));
        return year >= YEAR_MIN && year <= YEAR_MAX;
      },
      { error: message },
    );

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
