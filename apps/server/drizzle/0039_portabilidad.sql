CREATE TABLE "portabilidad" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'en_cola' NOT NULL,
	"avance" integer DEFAULT 0 NOT NULL,
	"etapa" text,
	"mensaje" text,
	"bytes" bigint,
	"archivo_key" text,
	"origen" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"terminada_at" timestamp with time zone,
	"vence_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "facturas_cfdi_uuid_idx";--> statement-breakpoint
ALTER TABLE "portabilidad" ADD CONSTRAINT "portabilidad_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portabilidad_user_tipo_idx" ON "portabilidad" USING btree ("user_id","tipo","created_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "portabilidad_en_marcha_idx" ON "portabilidad" USING btree ("user_id","tipo") WHERE "portabilidad"."estado" in ('en_cola', 'en_curso');--> statement-breakpoint
CREATE INDEX "portabilidad_vence_idx" ON "portabilidad" USING btree ("vence_at") WHERE "portabilidad"."archivo_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_cfdi_uuid_idx" ON "facturas_cfdi" USING btree ("user_id","uuid");