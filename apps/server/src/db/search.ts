import { type SQL, sql } from 'drizzle-orm';

/**
 * The Spanish full-text configuration that ignores accents (migration 0011:
 * unaccent, then the Spanish stemmer): 'articulo' finds 'artículo'.
 */
export const SEARCH_CONFIG = 'bufete_es';

/** Lower case without accents (`bufete_norm`, immutable so indexes can use it). */
export const normalized = (value: SQL) => sql`bufete_norm(${value})`;

/**
 * A question as a Spanish full-text query that matches any of its words
 * (stemmed, stop words dropped): a question rarely shares every word with the
 * passage that answers it, so ranking (ts_rank_cd) decides, not the match.
 */
export function anyTermsQuery(question: string): SQL {
  return sql`to_tsquery('bufete_es', replace(plainto_tsquery('bufete_es', ${question})::text, ' & ', ' | '))`;
}
