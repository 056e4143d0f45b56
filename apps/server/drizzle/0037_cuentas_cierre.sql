CREATE TABLE "cuentas_cierre" (
	"user_id" text PRIMARY KEY NOT NULL,
	"solicitado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"eliminar_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cuentas_cierre" ADD CONSTRAINT "cuentas_cierre_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;