import { type Court, parseCourt, sameCourt } from './courts';
import { type Expediente, expedienteKey, expedientesIn } from './expedientes';
import type { BulletinEntry } from './layout';
import { nameIn, nameTokens } from '@bufete/shared';
import { fold } from './text';

/** An open case as the matching needs it: its court, its expediente and the names of its parties. */
export interface CaseToMatch {
  id: string;
  expediente: string;
  juzgado: string | null;
  /** Actores, demandados, terceros, the client: whatever names the case's parties. */
  partes: string[];
}

export interface BulletinMatch {
  casoId: string;
  entry: BulletinEntry;
  /**
   * 'confirmada': the entry's number and court are the case's. 'posible': the
   * number is the case's, the court another one or unknown (numbers repeat
   * across courts): never turned into an actuación without the lawyer.
   */
  certeza: 'confirmada' | 'posible';
  /** Whether the entry prints the case's parties ('ACTORA vs. DEMANDADA'): a match is surer with them. */
  partes: boolean;
}

interface PreparedCase {
  id: string;
  court: Court | null;
  partes: string[];
}

/**
 * Every entry of a bulletin that names an open case's expediente, with how
 * sure the match is. Cases are indexed by number once, so a 300-page
 * bulletin against thousands of cases is one pass over its entries.
 */
export function matchBulletin(entries: BulletinEntry[], cases: CaseToMatch[]): BulletinMatch[] {
  const byNumber = new Map<string, PreparedCase[]>();
  for (const caso of cases) {
    const numbers = expedientesIn(caso.expediente);
    if (numbers.length === 0) continue;
    const prepared: PreparedCase = { id: caso.id, court: caso.juzgado ? parseCourt(caso.juzgado) : null, partes: caso.partes.filter((name) => nameTokens(name).length >= 2) };
    for (const number of numbers) {
      const key = expedienteKey(number);
      const list = byNumber.get(key) ?? [];
      list.push(prepared);
      byNumber.set(key, list);
    }
  }
  const matches: BulletinMatch[] = [];
  for (const entry of entries) {
    const found = new Set<string>();
    let tokens: Set<string> | null = null;
    for (const number of expedientesIn(entry.text) as Expediente[]) {
      for (const caso of byNumber.get(expedienteKey(number)) ?? []) {
        if (found.has(caso.id)) continue;
        found.add(caso.id);
        tokens ??= new Set(
          fold(entry.text)
            .replace(/[^a-z0-9ñ ]+/g, ' ')
            .split(' '),
        );
        const partes = caso.partes.some((name) => nameIn(name, tokens!));
        const certeza = caso.court && entry.court && sameCourt(caso.court, entry.court) ? 'confirmada' : 'posible';
        matches.push({ casoId: caso.id, entry, certeza, partes });
      }
    }
  }
  return matches;
}
