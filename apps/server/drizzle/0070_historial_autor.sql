ALTER TABLE "historial" ADD COLUMN "autor_id" text;--> statement-breakpoint
ALTER TABLE "historial" ADD COLUMN "autor" text;