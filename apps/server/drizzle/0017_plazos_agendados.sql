CREATE TABLE "plazos_agendados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"calendario_id" uuid NOT NULL,
	"caso_id" uuid,
	"notificacion" date NOT NULL,
	"dias" integer NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text NOT NULL,
	"vence" date NOT NULL,
	"evento_id" uuid,
	"aviso_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plazos_agendados" ADD CONSTRAINT "plazos_agendados_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plazos_agendados" ADD CONSTRAINT "plazos_agendados_calendario_id_plazo_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."plazo_calendarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plazos_agendados_user_calendario_idx" ON "plazos_agendados" USING btree ("user_id","calendario_id","vence");