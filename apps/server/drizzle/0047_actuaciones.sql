CREATE TABLE "actuacion_documentos" (
	"actuacion_id" uuid NOT NULL,
	"documento_id" uuid NOT NULL,
	CONSTRAINT "actuacion_documentos_actuacion_id_documento_id_pk" PRIMARY KEY("actuacion_id","documento_id")
);
--> statement-breakpoint
CREATE TABLE "actuaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"caso_id" uuid NOT NULL,
	"fecha_publicacion" date NOT NULL,
	"fecha_efectos" date,
	"tipo" text NOT NULL,
	"texto" text NOT NULL,
	"origen" text NOT NULL,
	"fuente" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("actuaciones"."texto" || ' ' || coalesce("actuaciones"."fuente", ''))) STORED,
	CONSTRAINT "actuaciones_tipo_check" CHECK ("actuaciones"."tipo" in ('acuerdo', 'auto_admisorio', 'emplazamiento', 'requerimiento', 'audiencia', 'sentencia', 'otro')),
	CONSTRAINT "actuaciones_origen_check" CHECK ("actuaciones"."origen" in ('boletin', 'manual', 'correo')),
	CONSTRAINT "actuaciones_efectos_check" CHECK ("actuaciones"."fecha_efectos" is null or "actuaciones"."fecha_efectos" >= "actuaciones"."fecha_publicacion")
);
--> statement-breakpoint
ALTER TABLE "actuacion_documentos" ADD CONSTRAINT "actuacion_documentos_actuacion_id_actuaciones_id_fk" FOREIGN KEY ("actuacion_id") REFERENCES "public"."actuaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actuacion_documentos" ADD CONSTRAINT "actuacion_documentos_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actuaciones" ADD CONSTRAINT "actuaciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actuaciones" ADD CONSTRAINT "actuaciones_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actuacion_documentos_documento_idx" ON "actuacion_documentos" USING btree ("documento_id");--> statement-breakpoint
CREATE INDEX "actuaciones_caso_fecha_idx" ON "actuaciones" USING btree ("user_id","caso_id","fecha_publicacion" desc,"created_at" desc);--> statement-breakpoint
CREATE INDEX "actuaciones_user_fecha_idx" ON "actuaciones" USING btree ("user_id","fecha_publicacion" desc);--> statement-breakpoint
CREATE INDEX "actuaciones_busqueda_idx" ON "actuaciones" USING gin ("user_id","busqueda_texto" gin_trgm_ops);