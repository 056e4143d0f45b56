-- The top bar's search (issue 15): text without accents, in indexes and in Spanish full text.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinned to the dictionary it is
-- safe to call IMMUTABLE, which indexes and generated columns need.
CREATE OR REPLACE FUNCTION bufete_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- Spanish stemming after removing accents: 'articulo' finds 'artículo', 'sentencias' 'sentencia'.
CREATE TEXT SEARCH CONFIGURATION bufete_es (COPY = pg_catalog.spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION bufete_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
--> statement-breakpoint
-- pg_trgm costs its word-similarity operators like a plain comparison, so the planner
-- would rather compute them for every row of a lawyer's (a trigram extraction each, ~100 ms
-- for 30,000 invoices) than read the trigram index. Their real cost, where we may set it;
-- where the database user does not own the extension, the search still works, only slower.
DO $$ BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 200;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 200;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'Sin permiso para ajustar el costo de pg_trgm: la búsqueda con errores será más lenta.';
END $$;
