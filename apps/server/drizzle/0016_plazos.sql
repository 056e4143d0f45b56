CREATE TABLE "plazo_calendarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"clave" text,
	"base" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plazo_calendarios_base_check" CHECK ("plazo_calendarios"."base" in ('amparo', 'laboral'))
);
--> statement-breakpoint
CREATE TABLE "plazo_dias_inhabiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendario_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"anio" integer NOT NULL,
	"motivo" text NOT NULL,
	"fundamento" text,
	"tipo" text NOT NULL,
	"verificado" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plazo_dias_tipo_check" CHECK ("plazo_dias_inhabiles"."tipo" in ('feriado', 'receso', 'suspension'))
);
--> statement-breakpoint
ALTER TABLE "plazo_calendarios" ADD CONSTRAINT "plazo_calendarios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plazo_dias_inhabiles" ADD CONSTRAINT "plazo_dias_inhabiles_calendario_id_plazo_calendarios_id_fk" FOREIGN KEY ("calendario_id") REFERENCES "public"."plazo_calendarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plazo_calendarios_clave_idx" ON "plazo_calendarios" USING btree ("clave") WHERE "plazo_calendarios"."user_id" is null;--> statement-breakpoint
CREATE INDEX "plazo_calendarios_user_idx" ON "plazo_calendarios" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plazo_dias_calendario_fecha_idx" ON "plazo_dias_inhabiles" USING btree ("calendario_id","fecha");--> statement-breakpoint
CREATE INDEX "plazo_dias_calendario_anio_idx" ON "plazo_dias_inhabiles" USING btree ("calendario_id","anio");