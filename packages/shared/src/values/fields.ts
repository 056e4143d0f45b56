/** Plain values of the fields area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

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

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value has the shape of one of our record ids (a UUID). */
export function isRecordId(value: string): boolean {
  return UUID_PATTERN.test(value);
}
