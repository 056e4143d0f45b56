-- Trigram indexes that start with the owner (user_id, text): one index answers "this lawyer's rows that match".
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "documentos" drop column "busqueda";--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "busqueda" "tsvector" GENERATED ALWAYS AS (to_tsvector('bufete_es', coalesce("documentos"."nombre", '') || ' ' || coalesce("documentos"."contenido", ''))) STORED;--> statement-breakpoint
ALTER TABLE "notas" drop column "busqueda";--> statement-breakpoint
ALTER TABLE "notas" ADD COLUMN "busqueda" "tsvector" GENERATED ALWAYS AS (to_tsvector('bufete_es', coalesce("notas"."titulo", '') || ' ' || coalesce("notas"."contenido_texto", ''))) STORED;--> statement-breakpoint
-- Dropping the columns dropped their indexes: the same ones, on the new columns.
CREATE INDEX "documentos_busqueda_idx" ON "documentos" USING gin ("busqueda");--> statement-breakpoint
CREATE INDEX "notas_busqueda_idx" ON "notas" USING gin ("busqueda");--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("clientes"."nombre" || ' ' || coalesce("clientes"."email", '') || ' ' || coalesce("clientes"."empresa", '') || ' ' || coalesce("clientes"."rfc", '') || ' ' || coalesce("clientes"."razon_social", ''))) STORED;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (bufete_norm("clientes"."nombre" || ' ' || coalesce("clientes"."razon_social", ''))) STORED;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("casos"."titulo" || ' ' || coalesce("casos"."expediente", '') || ' ' || coalesce("casos"."juzgado", '') || ' ' || coalesce("casos"."contraparte", '') || ' ' || coalesce("casos"."descripcion", ''))) STORED;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (bufete_norm("casos"."titulo" || ' ' || coalesce("casos"."contraparte", ''))) STORED;--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("documentos"."nombre")) STORED;--> statement-breakpoint
ALTER TABLE "notas" ADD COLUMN "busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("notas"."titulo")) STORED;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("calendar_events"."titulo" || ' ' || coalesce("calendar_events"."ubicacion", '') || ' ' || coalesce("calendar_events"."descripcion", ''))) STORED;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (bufete_norm("calendar_events"."titulo")) STORED;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "busqueda_texto" text GENERATED ALWAYS AS (bufete_norm("facturas"."numero_factura" || ' ' || "facturas"."concepto")) STORED;--> statement-breakpoint
CREATE INDEX "clientes_busqueda_idx" ON "clientes" USING gin ("user_id","busqueda_texto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_nombre_busqueda_idx" ON "clientes" USING gin ("user_id","nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "casos_busqueda_idx" ON "casos" USING gin ("user_id","busqueda_texto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "casos_nombre_busqueda_idx" ON "casos" USING gin ("user_id","nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documentos_busqueda_texto_idx" ON "documentos" USING gin ("user_id","busqueda_texto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notas_busqueda_texto_idx" ON "notas" USING gin ("user_id","busqueda_texto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calendar_events_busqueda_idx" ON "calendar_events" USING gin ("user_id","busqueda_texto" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "calendar_events_nombre_busqueda_idx" ON "calendar_events" USING gin ("user_id","nombre_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "facturas_busqueda_idx" ON "facturas" USING gin ("user_id","busqueda_texto" gin_trgm_ops);