CREATE TABLE "reglas_plazo_propias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"fundamento" text,
	"dias" integer NOT NULL,
	"tipo" text NOT NULL,
	"materia" text,
	"actuacion_tipo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reglas_plazo_propias_dias_check" CHECK ("reglas_plazo_propias"."dias" between 1 and 365),
	CONSTRAINT "reglas_plazo_propias_tipo_check" CHECK ("reglas_plazo_propias"."tipo" in ('habiles', 'naturales'))
);
--> statement-breakpoint
ALTER TABLE "plazos_agendados" ADD COLUMN "actuacion_id" uuid;--> statement-breakpoint
ALTER TABLE "plazos_agendados" ADD COLUMN "fundamento" text;--> statement-breakpoint
ALTER TABLE "reglas_plazo_propias" ADD CONSTRAINT "reglas_plazo_propias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reglas_plazo_propias_user_idx" ON "reglas_plazo_propias" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "plazos_agendados_actuacion_idx" ON "plazos_agendados" USING btree ("actuacion_id") WHERE "plazos_agendados"."actuacion_id" is not null;