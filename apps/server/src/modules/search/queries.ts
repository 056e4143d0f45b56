import type { BusquedaQuery, BusquedaTipo } from '@bufete/shared';
import { BUSQUEDA_TIPOS, DEFAULT_TIME_ZONE } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, jsonOf } from '../../db/client';
import { preparedByShape, statementName } from '../../db/prepared';
import { profiles } from '../profile/schema';
import { exactMatchOf, type Found, type Hit, isFuzzy, kindOf, likeEscaped, nearMatchOf, type Placeholders, sizeOf, termsOf, type Window } from './sql';
import { personaQuePregunta } from '../../http/case-scope';

/**
 * The top bar's search (a read model, like the dashboard): each kind of the
 * lawyer's records queried in PostgreSQL — trigram indexes over normalized
 * text (no accents, lower case) for names and numbers, Spanish full text
 * (stemming, phrases) over documents' and notes' contents — ranked names
 * first, then other texts, then content, newest first within each; all kinds
 * in one statement, which also reads the lawyer's time zone (one round trip
 * a search). `db` should be the database's `plannedPerRun` (see statementFor).
 */
export function createSearchQueries(db: Database) {
  /**
   * A search's statement, built once per shape (db/prepared.ts): the kinds
   * asked for, the number of words and, when typos are forgiven, which words
   * forgive them; the words, the lawyer and the page are its values. Building
   * it was most of a search's server CPU, and sending and parsing its 8 KB of
   * text a good part of the rest. It is planned on each run with its words
   * (`db` is the database's `plannedPerRun`): which indexes pay depends on
   * them. Shapes are bounded (one kind or all, at most 8 words) and the least
   * recently used are let go past 64.
   */
  const statementFor = preparedByShape(
    (shape) => {
      const [tipo, mode, words] = shape.split('/') as [string, 'exact' | 'near', string];
      const tipos = tipo === '*' ? [...BUSQUEDA_TIPOS] : [tipo as BusquedaTipo];
      const userId = sql`${sql.placeholder('userId')}`;
      const placeholders: Placeholders = {
        userId,
        personaId: sql`${sql.placeholder('personaId')}`,
        q: sql`${sql.placeholder('q')}`,
        // As the profile service reads it (profiles.timeZoneOf), in the statement: no query of its own before it.
        timeZone: sql`coalesce((select ${profiles.zonaHoraria} from ${profiles} where ${profiles.id} = ${userId}), ${DEFAULT_TIME_ZONE})`,
        terms: [...words].map((flag, i) => ({ word: sql`${sql.placeholder(`word${i}`)}`, like: sql`${sql.placeholder(`like${i}`)}`, fuzzy: flag === 'f' })),
      };
      const window: Window = { limit: sizeOf(tipo === '*' ? undefined : tipo) + 1, offset: sql`${sql.placeholder('offset')}`, reach: sql`${sql.placeholder('reach')}` };
      const matchOf = mode === 'exact' ? exactMatchOf : nearMatchOf;
      const columns = tipos.map((kindTipo) => {
        const kind = kindOf(kindTipo, placeholders);
        return sql<Hit[] | string>`(select coalesce(json_agg(hit order by hit.tier desc, hit.key desc, hit.id desc), '[]'::json) from (
          select ranked.id, ranked.tier, ranked.key, ${kind.details}
            from (${matchOf(kind.spec, placeholders.userId, placeholders.terms, window)}) ranked
            join ${kind.table} on ${kind.table}.id = ranked.id) hit)`;
      });
      return db
        .select({ ...Object.fromEntries(tipos.map((kindTipo, i) => [kindTipo, columns[i]!])), zonaHoraria: sql<string>`${placeholders.timeZone}` })
        .from(sql`(select 1) as one`)
        .prepare(statementName('search', shape));
    },
    { max: 64 },
  );

  /**
   * One run of a search's statement, as typed or forgiving typos: each kind
   * ranked and capped, one more than shown (to know there are more).
   */
  async function run(userId: string, query: BusquedaQuery, mode: 'exact' | 'near'): Promise<Found> {
    const tipos = query.tipo ? [query.tipo] : [...BUSQUEDA_TIPOS];
    const size = sizeOf(query.tipo);
    const offset = query.tipo ? (query.pagina - 1) * size : 0;
    // Which words forgive typos is part of the statement's text: those first, so
    // the shapes are how many words and how many of them forgive (at most 52 a
    // kind), not which ones (the database keeps each shape it is sent).
    const terms = mode === 'near' ? termsOf(query.q).sort((a, b) => Number(isFuzzy(b)) - Number(isFuzzy(a))) : termsOf(query.q);
    const values: Record<string, string | number> = { userId, personaId: personaQuePregunta() ?? userId, q: query.q, offset, reach: offset + size + 1 };
    terms.forEach((term, i) => {
      values[`word${i}`] = term;
      values[`like${i}`] = likeEscaped(term);
    });
    const words = terms.map((term) => (mode === 'near' && isFuzzy(term) ? 'f' : 'w')).join('');
    const [row] = (await statementFor(`${query.tipo ?? '*'}/${mode}/${words}`).execute(values)) as (Record<BusquedaTipo, Hit[] | string> & { zonaHoraria: string })[];
    const kinds = tipos.map((tipo) => {
      const value = row![tipo];
      return { tipo, hits: jsonOf<Hit[]>(value) };
    });
    return { timeZone: row!.zonaHoraria, kinds };
  }

  /**
   * A search's matches, kind by kind: as typed; only when nothing matched as
   * typed, in any kind asked for, one more statement forgives typos. (Asking
   * for both at once made every search plan and run the forgiving branches:
   * half its cost.) On a later page that came back empty, page 1 says whether
   * anything matched as typed.
   */
  async function hitsOf(userId: string, query: BusquedaQuery): Promise<Found> {
    const nothing = (found: Found) => found.kinds.every(({ hits }) => hits.length === 0);
    const found = await run(userId, query, 'exact');
    if (!nothing(found) || !termsOf(query.q).some(isFuzzy)) return found;
    const nothingAsTyped = query.pagina === 1 || !query.tipo || nothing(await run(userId, { ...query, pagina: 1 }, 'exact'));
    return nothingAsTyped ? run(userId, query, 'near') : found;
  }

  return { hitsOf };
}
