-- Trigram indexes for case-insensitive substring search (ILIKE '%q%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;
