ALTER TABLE "boletin_descargas" ADD COLUMN "informe" jsonb;--> statement-breakpoint
ALTER TABLE "boletin_recibidos" ADD COLUMN "confirmadas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boletin_recibidos" ADD COLUMN "posibles" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Matches kept before the counts were split (issue 44): counted from what was kept.
UPDATE "boletin_recibidos" SET
  "confirmadas" = (SELECT count(*) FROM jsonb_array_elements("revision"->'coincidencias') AS c WHERE c->>'certeza' = 'confirmada'),
  "posibles" = (SELECT count(*) FROM jsonb_array_elements("revision"->'coincidencias') AS c WHERE c->>'certeza' <> 'confirmada');
