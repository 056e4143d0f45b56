-- The preset calendars' stored days name who fixes the recesses: since September 2025 the federal
-- judiciary's Órgano de Administración Judicial (no longer the Consejo de la Judicatura Federal), and each
-- state's own judiciary (its administrative body's name varies). Rows generated before are corrected here;
-- the lawyers' own days are theirs and stay as written.
UPDATE "plazo_dias_inhabiles" d SET "fundamento" = 'Fechas habituales; las fija cada año por acuerdo el Órgano de Administración Judicial del Poder Judicial de la Federación'
FROM "plazo_calendarios" c
WHERE c."id" = d."calendario_id" AND c."user_id" IS NULL
  AND d."fundamento" = 'Ley Orgánica del Poder Judicial de la Federación; fechas por acuerdo anual del Consejo de la Judicatura Federal';
--> statement-breakpoint
UPDATE "plazo_dias_inhabiles" d SET "fundamento" = replace(d."fundamento", '(acuerdo anual del Consejo de la Judicatura)', '(acuerdo anual de su Poder Judicial)')
FROM "plazo_calendarios" c
WHERE c."id" = d."calendario_id" AND c."user_id" IS NULL
  AND d."fundamento" LIKE '%(acuerdo anual del Consejo de la Judicatura)';
