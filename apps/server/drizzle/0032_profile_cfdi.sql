ALTER TABLE "profiles" ADD COLUMN "codigo_postal_expedicion" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "serie_cfdi" text;