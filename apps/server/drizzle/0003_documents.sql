CREATE TABLE "documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"contenido" text,
	"caso_id" uuid,
	"cliente_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"busqueda" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish', coalesce("documentos"."nombre", '') || ' ' || coalesce("documentos"."contenido", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "imagenes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"caso_id" uuid,
	"nota_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imagenes_owner_check" CHECK (("imagenes"."caso_id" is null) <> ("imagenes"."nota_id" is null))
);
--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos" ADD CONSTRAINT "documentos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imagenes" ADD CONSTRAINT "imagenes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imagenes" ADD CONSTRAINT "imagenes_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentos_user_created_idx" ON "documentos" USING btree ("user_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "documentos_caso_idx" ON "documentos" USING btree ("caso_id");--> statement-breakpoint
CREATE INDEX "documentos_cliente_idx" ON "documentos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "documentos_busqueda_idx" ON "documentos" USING gin ("busqueda");--> statement-breakpoint
CREATE INDEX "documentos_nombre_search_idx" ON "documentos" USING gin (lower("nombre") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "imagenes_caso_idx" ON "imagenes" USING btree ("caso_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "imagenes_nota_idx" ON "imagenes" USING btree ("nota_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "imagenes_user_idx" ON "imagenes" USING btree ("user_id");