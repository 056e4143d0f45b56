ALTER TABLE "plazo_calendarios" DROP CONSTRAINT "plazo_calendarios_base_check";--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "conflictos_revisados" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plazos_agendados" ADD COLUMN "revisar" text;--> statement-breakpoint
ALTER TABLE "plazo_calendarios" ADD CONSTRAINT "plazo_calendarios_base_check" CHECK ("plazo_calendarios"."base" in ('amparo', 'laboral', 'cdmx', 'jalisco', 'nuevo_leon', 'edomex', 'baja_california'));