import { fold } from './text';

/** An expediente's number and year: '0123/2024', 'Exp. 123/24' and '123/2024 Tomo II' are all { 123, 2024 }. */
export interface Expediente {
  numero: number;
  anio: number;
}

/**
 * A number over a year, not inside a longer number or a date: the digits
 * before the slash are not preceded by a digit or a slash, and the year is
 * not followed by one ('1123/2024' is not '123/2024'; '12/11/2024' is a
 * date, not expediente 11/2024). Spaces around the slash are allowed: a PDF's
 * text may break a line there.
 */
const NUMBER_OVER_YEAR = /(?<![\d/])(\d{1,6})\s*\/\s*(\d{4}|\d{2})(?![\d/])/g;

function yearOf(digits: string, today = new Date()): number {
  if (digits.length === 4) return Number(digits);
  const two = Number(digits);
  const century = Math.floor(today.getFullYear() / 100) * 100;
  // '24' is 2024; '99' is 1999 (a number is never of a year ahead of next year).
  return century + two <= today.getFullYear() + 1 ? century + two : century - 100 + two;
}

/** Every expediente number in `text`, in order, each once. */
export function expedientesIn(text: string): Expediente[] {
  const found: Expediente[] = [];
  const seen = new Set<string>();
  for (const match of fold(text).matchAll(NUMBER_OVER_YEAR)) {
    const numero = Number(match[1]);
    const anio = yearOf(match[2]!);
    if (numero === 0 || anio < 1950) continue;
    const key = `${numero}/${anio}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ numero, anio });
  }
  return found;
}

export const expedienteKey = (expediente: Expediente) => `${expediente.numero}/${expediente.anio}`;
