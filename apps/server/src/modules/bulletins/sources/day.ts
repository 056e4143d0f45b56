import { diaMx } from '@bufete/shared';
import type { BoletinFuente } from '@bufete/shared';
import type { ReadBulletin } from '../reading';
import type { PoliteFetcher } from './fetcher';

/**
 * One court site's daily bulletin (issues 35 and 44): where it is for a day
 * and how to read it. An adapter answers what it found, and never mistakes
 * a page it could not read — or read only in part — for a day without
 * acuerdos.
 */
export type DayBulletin =
  /** The day's bulletin, read, and its reading holds together. */
  | { kind: 'leido'; read: ReadBulletin }
  /** The site has no bulletin for that day (a holiday, a day the courts rest). */
  | { kind: 'sin_boletin' }
  /** The site answered with something Bufete could not read as that day's bulletin, or read only in part: said to the operator. */
  | { kind: 'ilegible'; reason: string; read?: ReadBulletin };

export interface BulletinSource {
  clave: BoletinFuente;
  /** The day whose bulletin a business morning reads (the same day, unless the court publishes its day's at its end). */
  dayFor?(morning: string): string;
  fetchDay(day: string, fetcher: PoliteFetcher): Promise<DayBulletin>;
}

/**
 * Whether a day's reading may be told to the lawyers: it holds together as
 * its format should (reading/report.ts), and its masthead is that day's.
 */
export function asDay(read: ReadBulletin, day: string): DayBulletin {
  const problemas = [...read.report.problemas];
  if (read.fecha && read.fecha !== day) problemas.push(`El boletín descargado es del ${diaMx(read.fecha)}, no del ${diaMx(day)}.`);
  if (problemas.length > 0) return { kind: 'ilegible', reason: problemas.join(' '), read };
  return { kind: 'leido', read };
}
