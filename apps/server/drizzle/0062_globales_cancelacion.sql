ALTER TABLE "cfdi_globales" ADD COLUMN "motivo_cancelacion" text;--> statement-breakpoint
ALTER TABLE "cfdi_globales" ADD COLUMN "cancelacion_solicitada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cfdi_globales" ADD COLUMN "acuse_cancelacion" text;--> statement-breakpoint
ALTER TABLE "cfdi_globales" ADD COLUMN "estatus_sat" text;