ALTER TABLE "portabilidad" ADD COLUMN "contenido" jsonb;--> statement-breakpoint
ALTER TABLE "portabilidad" ADD COLUMN "importado" jsonb;