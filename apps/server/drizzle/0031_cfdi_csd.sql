CREATE TABLE "cfdi_csd" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"nombre" text NOT NULL,
	"no_certificado" text NOT NULL,
	"vigente_desde" timestamp with time zone NOT NULL,
	"vigente_hasta" timestamp with time zone NOT NULL,
	"certificado" text NOT NULL,
	"llave_sellada" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cfdi_csd" ADD CONSTRAINT "cfdi_csd_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;