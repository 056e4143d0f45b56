CREATE TABLE "cfdi_pac" (
	"user_id" text PRIMARY KEY NOT NULL,
	"proveedor" text NOT NULL,
	"ambiente" text NOT NULL,
	"usuario" text,
	"credenciales_selladas" text NOT NULL,
	"probado_at" timestamp with time zone,
	"prueba_ok" boolean,
	"prueba_mensaje" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD COLUMN "pac" text;--> statement-breakpoint
ALTER TABLE "cfdi_pac" ADD CONSTRAINT "cfdi_pac_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;