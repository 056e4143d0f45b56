-- Full-text matching (`tsvector @@ tsquery`) is costed like a plain comparison, but every row
-- it checks must first be read out of TOAST: a document's text vector is kilobytes. Costed so,
-- the planner scanned every document of a lawyer's for a rare word (~8 ms for 5,000) instead
-- of asking the GIN index (~0.1 ms). Its real cost, where we may set it (per database; a
-- managed server may refuse, and the search still works, only slower for rare words).
DO $$ BEGIN
  ALTER FUNCTION ts_match_vq(tsvector, tsquery) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'Sin permiso para ajustar el costo de la búsqueda de texto: las palabras poco comunes se buscarán más despacio.';
END $$;
