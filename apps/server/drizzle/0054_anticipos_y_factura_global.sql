CREATE TABLE "cfdi_globales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"numero" integer NOT NULL,
	"periodicidad" text NOT NULL,
	"meses" text NOT NULL,
	"anio" integer NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"estado" text NOT NULL,
	"xml" text NOT NULL,
	"pac" text,
	"uuid" text,
	"fecha_timbrado" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfdi_globales_estado_check" CHECK ("cfdi_globales"."estado" in ('pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado') and ("cfdi_globales"."estado" = 'pendiente') = ("cfdi_globales"."uuid" is null))
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "publico_en_general" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "anticipo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "anticipo_aplicado_id" uuid;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "factura_global_id" uuid;--> statement-breakpoint
ALTER TABLE "cfdi_globales" ADD CONSTRAINT "cfdi_globales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_globales_numero_idx" ON "cfdi_globales" USING btree ("user_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_globales_uuid_idx" ON "cfdi_globales" USING btree ("user_id","uuid");--> statement-breakpoint
CREATE INDEX "cfdi_globales_user_idx" ON "cfdi_globales" USING btree ("user_id","desde" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_anticipo_aplicado_idx" ON "facturas" USING btree ("anticipo_aplicado_id") WHERE "facturas"."anticipo_aplicado_id" is not null and "facturas"."estado" <> 'cancelada';--> statement-breakpoint
CREATE INDEX "facturas_global_idx" ON "facturas" USING btree ("factura_global_id") WHERE "facturas"."factura_global_id" is not null;