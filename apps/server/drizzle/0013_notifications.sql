CREATE TABLE "notificaciones_resumenes" (
	"user_id" text NOT NULL,
	"dia" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificaciones_resumenes_user_id_dia_pk" PRIMARY KEY("user_id","dia")
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"detalle" text,
	"enlace" text NOT NULL,
	"clave" text NOT NULL,
	"leida" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificaciones_tipo_check" CHECK ("notificaciones"."tipo" in ('cita_proxima', 'correo_enviado', 'correo_fallido', 'factura_vencida', 'cuota_ia', 'google_desconectado'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "resumen_diario" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notificaciones_resumenes" ADD CONSTRAINT "notificaciones_resumenes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notificaciones_user_clave_idx" ON "notificaciones" USING btree ("user_id","clave");--> statement-breakpoint
CREATE INDEX "notificaciones_user_created_idx" ON "notificaciones" USING btree ("user_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "notificaciones_unread_idx" ON "notificaciones" USING btree ("user_id") WHERE not "notificaciones"."leida";