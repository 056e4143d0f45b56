-- Rate-limit counters are worth nothing after a crash and are written on every limited request
-- (every search): unlogged, their commits write no WAL and wait for no flush (decision 0018).
ALTER TABLE "rate_limits" SET UNLOGGED;
