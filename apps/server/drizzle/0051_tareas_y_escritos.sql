CREATE TABLE "plantillas_asunto" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text,
	"basada_en" text,
	"tareas" jsonb NOT NULL,
	"escritos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tareas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"caso_id" uuid,
	"titulo" text NOT NULL,
	"notas" text,
	"prioridad" text DEFAULT 'normal' NOT NULL,
	"vence" date,
	"ancla" text,
	"ancla_id" uuid,
	"dias" integer,
	"dias_tipo" text,
	"hecha" boolean DEFAULT false NOT NULL,
	"hecha_en" timestamp with time zone,
	"plantilla" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("tareas"."titulo" || ' ' || coalesce("tareas"."notas", ''))) STORED,
	CONSTRAINT "tareas_prioridad_check" CHECK ("tareas"."prioridad" in ('alta', 'normal', 'baja')),
	CONSTRAINT "tareas_ancla_check" CHECK ("tareas"."ancla" is null or "tareas"."ancla" in ('actuacion', 'plazo', 'tarea')),
	CONSTRAINT "tareas_relativa_check" CHECK (("tareas"."ancla" is null) = ("tareas"."ancla_id" is null) and ("tareas"."ancla" is null) = ("tareas"."dias" is null) and ("tareas"."ancla" is null) = ("tareas"."dias_tipo" is null)),
	CONSTRAINT "tareas_dias_check" CHECK ("tareas"."dias" is null or "tareas"."dias" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "escrito_plantillas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamano" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"descripcion" text,
	"campos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cedula_profesional" text;--> statement-breakpoint
ALTER TABLE "plantillas_asunto" ADD CONSTRAINT "plantillas_asunto_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tareas" ADD CONSTRAINT "tareas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tareas" ADD CONSTRAINT "tareas_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrito_plantillas" ADD CONSTRAINT "escrito_plantillas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plantillas_asunto_user_idx" ON "plantillas_asunto" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plantillas_asunto_basada_idx" ON "plantillas_asunto" USING btree ("user_id","basada_en") WHERE "plantillas_asunto"."basada_en" is not null;--> statement-breakpoint
CREATE INDEX "tareas_user_pendientes_idx" ON "tareas" USING btree ("user_id","hecha","vence","id");--> statement-breakpoint
CREATE INDEX "tareas_user_hechas_idx" ON "tareas" USING btree ("user_id","hecha_en" desc,"id") WHERE "tareas"."hecha";--> statement-breakpoint
CREATE INDEX "tareas_user_caso_idx" ON "tareas" USING btree ("user_id","caso_id","hecha","vence");--> statement-breakpoint
CREATE INDEX "tareas_user_created_idx" ON "tareas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tareas_ancla_idx" ON "tareas" USING btree ("user_id","ancla_id") WHERE "tareas"."ancla_id" is not null;--> statement-breakpoint
CREATE INDEX "tareas_busqueda_idx" ON "tareas" USING gin ("user_id","busqueda_texto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "escrito_plantillas_user_idx" ON "escrito_plantillas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TRIGGER "escrito_plantillas_storage_usage" AFTER INSERT OR DELETE ON "escrito_plantillas" FOR EACH ROW EXECUTE FUNCTION "bufete_storage_usage"();
