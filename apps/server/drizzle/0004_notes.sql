CREATE TABLE "nota_tags" (
	"nota_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "nota_tags_nota_id_tag_id_pk" PRIMARY KEY("nota_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "notas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"contenido" jsonb NOT NULL,
	"contenido_texto" text DEFAULT '' NOT NULL,
	"caso_id" uuid,
	"cliente_id" uuid,
	"is_favorita" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"busqueda" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish', coalesce("notas"."titulo", '') || ' ' || coalesce("notas"."contenido_texto", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"color" text DEFAULT '#89b4fa' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nota_tags" ADD CONSTRAINT "nota_tags_nota_id_notas_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota_tags" ADD CONSTRAINT "nota_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nota_tags_tag_idx" ON "nota_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "notas_user_updated_idx" ON "notas" USING btree ("user_id","updated_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "notas_caso_idx" ON "notas" USING btree ("caso_id");--> statement-breakpoint
CREATE INDEX "notas_cliente_idx" ON "notas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "notas_busqueda_idx" ON "notas" USING gin ("busqueda");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_nombre_idx" ON "tags" USING btree ("user_id",lower("nombre"));--> statement-breakpoint
ALTER TABLE "imagenes" ADD CONSTRAINT "imagenes_nota_id_notas_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas"("id") ON DELETE cascade ON UPDATE no action;