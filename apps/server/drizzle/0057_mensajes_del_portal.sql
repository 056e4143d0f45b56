CREATE TABLE "portal_mensajes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cliente_id" uuid NOT NULL,
	"caso_id" uuid NOT NULL,
	"autor" text NOT NULL,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_mensajes_autor_check" CHECK ("portal_mensajes"."autor" in ('cliente', 'abogado'))
);
--> statement-breakpoint
ALTER TABLE "portal_mensajes" ADD CONSTRAINT "portal_mensajes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_mensajes" ADD CONSTRAINT "portal_mensajes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_mensajes" ADD CONSTRAINT "portal_mensajes_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_mensajes_caso_idx" ON "portal_mensajes" USING btree ("user_id","caso_id","created_at");