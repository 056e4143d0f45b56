CREATE TABLE "boletin_descargas" (
	"fuente" text NOT NULL,
	"dia" date NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"siguiente_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"entradas" integer,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boletin_descargas_fuente_dia_pk" PRIMARY KEY("fuente","dia"),
	CONSTRAINT "boletin_descargas_estado_check" CHECK ("boletin_descargas"."estado" in ('pendiente', 'leido', 'sin_boletin', 'ilegible', 'fallido'))
);
--> statement-breakpoint
CREATE TABLE "boletin_recibidos" (
	"user_id" text NOT NULL,
	"fuente" text NOT NULL,
	"dia" date NOT NULL,
	"revision" jsonb NOT NULL,
	"coincidencias" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boletin_recibidos_user_id_fuente_dia_pk" PRIMARY KEY("user_id","fuente","dia")
);
--> statement-breakpoint
CREATE TABLE "boletin_suscripciones" (
	"user_id" text NOT NULL,
	"fuente" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boletin_suscripciones_user_id_fuente_pk" PRIMARY KEY("user_id","fuente"),
	CONSTRAINT "boletin_suscripciones_fuente_check" CHECK ("boletin_suscripciones"."fuente" in ('cdmx', 'bc'))
);
--> statement-breakpoint
ALTER TABLE "notificaciones" DROP CONSTRAINT "notificaciones_tipo_check";--> statement-breakpoint
ALTER TABLE "boletin_recibidos" ADD CONSTRAINT "boletin_recibidos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletin_suscripciones" ADD CONSTRAINT "boletin_suscripciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_tipo_check" CHECK ("notificaciones"."tipo" in ('cita_proxima', 'correo_enviado', 'correo_fallido', 'factura_vencida', 'cuota_ia', 'google_desconectado', 'vencimiento', 'cfdi_cancelacion', 'boletin'));