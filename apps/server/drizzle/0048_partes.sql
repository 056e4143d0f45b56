CREATE TABLE "caso_partes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"caso_id" uuid NOT NULL,
	"rol" text NOT NULL,
	"nombre" text NOT NULL,
	"abogado" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caso_partes_rol_check" CHECK ("caso_partes"."rol" in ('actor', 'demandado', 'tercero', 'contraparte'))
);
--> statement-breakpoint
-- PostgreSQL rewrites the search columns and indexes that read it (they follow the column, not its name).
ALTER TABLE "casos" RENAME COLUMN "contraparte" TO "partes_texto";--> statement-breakpoint
ALTER TABLE "caso_partes" ADD CONSTRAINT "caso_partes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caso_partes" ADD CONSTRAINT "caso_partes_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caso_partes_caso_idx" ON "caso_partes" USING btree ("user_id","caso_id","created_at");--> statement-breakpoint
CREATE INDEX "caso_partes_nombre_idx" ON "caso_partes" USING gin ("user_id",bufete_norm("nombre") gin_trgm_ops);--> statement-breakpoint
-- What the one 'Contraparte' field held becomes the case's party, its side still to be said (modules/parties, adoptFormerNames).
INSERT INTO "caso_partes" ("user_id", "caso_id", "rol", "nombre")
SELECT "user_id", "id", 'contraparte', btrim("partes_texto") FROM "casos" WHERE btrim(coalesce("partes_texto", '')) <> '';
