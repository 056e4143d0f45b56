import { nameIn, nameTokens } from '@bufete/shared';
import { type Court, type CourtDifference, courtDifference, parseCourt } from './reading/courts';
import { type CaseNumber, expedientesIn, numberKey } from './reading/numbers';
import type { BulletinEntry } from './reading/reader';
import { fold } from './reading/text';

/** An open case as the matching needs it: its court, its expediente and the names of its parties. */
export interface CaseToMatch {
  id: string;
  expediente: string;
  juzgado: string | null;
  /** Actores, demandados, terceros, the client: whatever names the case's parties. */
  partes: string[];
}

/**
 * Why a match is only 'posible': the number is printed inside another entry
 * (an amparo, an acumulado, an exhorto, an edicto), a court or its ground
 * missing on one side, the courts differ (and how), or the numbers are of
 * different kinds (a toca against an expediente).
 */
export type MatchReason = 'mencionado' | 'edicto' | 'caso-sin-juzgado' | 'entrada-sin-juzgado' | 'clase-de-numero' | 'otra-toca' | CourtDifference;

export interface BulletinMatch {
  casoId: string;
  entry: BulletinEntry;
  /**
   * 'confirmada': the entry is of the case's number, under the case's court,
   * with the same kind of number. 'posible': the number is the case's but
   * something else is not (numbers repeat across courts), or the entry only
   * mentions it: never turned into an actuación without the lawyer.
   */
  certeza: 'confirmada' | 'posible';
  motivo: MatchReason | null;
  /** Whether the entry prints the case's parties ('ACTORA vs. DEMANDADA'): a match is surer with them. */
  partes: boolean;
}

interface PreparedCase {
  id: string;
  court: Court | null;
  number: CaseNumber;
  partes: string[];
}

/** The kind of number an entry's court prints: a Sala's are tocas, a court's expedientes. */
const kindUnder = (court: Court | null): CaseNumber['tipo'] => (!court ? null : court.kind === 'sala' ? 'toca' : court.kind === 'colegiado' ? null : 'expediente');

/** Why the entry's own number, under its court, is not the case's: null when it is. */
function reasonOf(caso: PreparedCase, entry: BulletinEntry, own: CaseNumber): MatchReason | null {
  if (!caso.court) return 'caso-sin-juzgado';
  if (!entry.court) return 'entrada-sin-juzgado';
  const difference = courtDifference(caso.court, entry.court);
  if (difference) return difference;
  const casoKind = caso.number.tipo ?? kindUnder(caso.court);
  const entryKind = own.tipo ?? kindUnder(entry.court);
  if (casoKind && entryKind && casoKind !== entryKind) return 'clase-de-numero';
  if (caso.number.clase && own.clase && caso.number.clase !== own.clase) return 'otra-toca';
  if (caso.number.sufijo && own.sufijo && Number(caso.number.sufijo) !== Number(own.sufijo)) return 'otra-toca';
  return null;
}

/**
 * Every entry of a bulletin that prints an open case's number, with how sure
 * the match is. An entry confirms a case only through a number that is the
 * entry's own (the one that closes it, its row's number), under the case's
 * court; a number it only mentions is offered, never confirmed. Cases are
 * indexed by number once, so a 250-page bulletin against thousands of cases
 * is one pass over its entries.
 */
export function matchBulletin(entries: BulletinEntry[], cases: CaseToMatch[]): BulletinMatch[] {
  const byNumber = new Map<string, PreparedCase[]>();
  for (const caso of cases) {
    const court = caso.juzgado ? parseCourt(caso.juzgado) : null;
    const partes = caso.partes.filter((name) => nameTokens(name).length >= 2);
    for (const number of expedientesIn(caso.expediente)) {
      if (number.tipo === 'amparo' || number.tipo === 'exhorto') continue;
      const key = numberKey(number);
      const list = byNumber.get(key) ?? [];
      if (!list.some((prepared) => prepared.id === caso.id)) list.push({ id: caso.id, court, number, partes });
      byNumber.set(key, list);
    }
  }
  const matches: BulletinMatch[] = [];
  for (const entry of entries) {
    const found = new Set<string>();
    let tokens: Set<string> | null = null;
    const partiesIn = (caso: PreparedCase) => {
      tokens ??= new Set(
        fold(entry.text)
          .replace(/[^a-z0-9ñ ]+/g, ' ')
          .split(' '),
      );
      return caso.partes.some((name) => nameIn(name, tokens!));
    };
    for (const own of entry.own) {
      for (const caso of byNumber.get(numberKey(own)) ?? []) {
        if (found.has(caso.id)) continue;
        found.add(caso.id);
        const motivo = reasonOf(caso, entry, own);
        matches.push({ casoId: caso.id, entry, certeza: motivo ? 'posible' : 'confirmada', motivo, partes: partiesIn(caso) });
      }
    }
    for (const mentioned of entry.mentioned) {
      for (const caso of byNumber.get(numberKey(mentioned)) ?? []) {
        if (found.has(caso.id)) continue;
        found.add(caso.id);
        matches.push({ casoId: caso.id, entry, certeza: 'posible', motivo: entry.kind === 'edicto' ? 'edicto' : 'mencionado', partes: partiesIn(caso) });
      }
    }
  }
  return matches;
}
