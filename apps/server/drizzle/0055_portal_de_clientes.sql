CREATE TABLE "portal_accesos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"email" text NOT NULL,
	"estado" text NOT NULL,
	"invitado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_visita_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_accesos_estado_check" CHECK ("portal_accesos"."estado" in ('activo', 'suspendido'))
);
--> statement-breakpoint
CREATE TABLE "portal_enlaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"acceso_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_sesiones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"acceso_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "visible_cliente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "actuaciones" ADD COLUMN "visible_cliente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_accesos" ADD CONSTRAINT "portal_accesos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_accesos" ADD CONSTRAINT "portal_accesos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_enlaces" ADD CONSTRAINT "portal_enlaces_acceso_id_portal_accesos_id_fk" FOREIGN KEY ("acceso_id") REFERENCES "public"."portal_accesos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_sesiones" ADD CONSTRAINT "portal_sesiones_acceso_id_portal_accesos_id_fk" FOREIGN KEY ("acceso_id") REFERENCES "public"."portal_accesos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_accesos_cliente_idx" ON "portal_accesos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "portal_accesos_email_idx" ON "portal_accesos" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_enlaces_token_idx" ON "portal_enlaces" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_enlaces_acceso_idx" ON "portal_enlaces" USING btree ("acceso_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_sesiones_token_idx" ON "portal_sesiones" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_sesiones_acceso_idx" ON "portal_sesiones" USING btree ("acceso_id");