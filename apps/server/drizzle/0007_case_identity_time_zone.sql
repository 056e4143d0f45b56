DROP INDEX "casos_titulo_search_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "zona_horaria" text DEFAULT 'America/Mexico_City' NOT NULL;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "expediente" text;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "juzgado" text;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "contraparte" text;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "materia" text;--> statement-breakpoint
CREATE INDEX "casos_search_idx" ON "casos" USING gin ((lower("titulo" || ' ' || coalesce("expediente", '') || ' ' || coalesce("juzgado", '') || ' ' || coalesce("contraparte", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "casos_user_due_idx" ON "casos" USING btree ("user_id",coalesce("fecha_vencimiento", '9999-12-31'::date),"id");--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_materia_check" CHECK ("casos"."materia" is null or "casos"."materia" in ('civil', 'penal', 'familiar', 'mercantil', 'laboral', 'amparo', 'administrativo', 'fiscal', 'otra'));