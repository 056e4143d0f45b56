CREATE TABLE "facturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cliente_id" uuid,
	"secuencia" integer NOT NULL,
	"numero_factura" text NOT NULL,
	"fecha_emision" date NOT NULL,
	"fecha_vencimiento" date,
	"concepto" text NOT NULL,
	"tarifa_por_hora" numeric(12, 2),
	"horas_trabajadas" numeric(8, 2),
	"monto_total" numeric(14, 2) NOT NULL,
	"monto_pagado" numeric(14, 2) DEFAULT '0' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"notas" text,
	"subtotal" numeric(14, 2),
	"iva" numeric(14, 2),
	"isr_retenido" numeric(14, 2),
	"iva_retenido" numeric(14, 2),
	"retencion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturas_estado_check" CHECK ("facturas"."estado" in ('pendiente', 'pagada_parcialmente', 'pagada')),
	CONSTRAINT "facturas_montos_check" CHECK ("facturas"."monto_total" > 0 and "facturas"."monto_pagado" >= 0 and "facturas"."monto_pagado" <= "facturas"."monto_total")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"ultimo" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"caso_id" uuid,
	"cliente_id" uuid,
	"fecha" date NOT NULL,
	"centihoras" integer NOT NULL,
	"descripcion" text NOT NULL,
	"tarifa_por_hora" numeric(12, 2) NOT NULL,
	"factura_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_centihoras_check" CHECK ("time_entries"."centihoras" > 0 and "time_entries"."centihoras" % 25 = 0)
);
--> statement-breakpoint
CREATE TABLE "time_timers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"caso_id" uuid NOT NULL,
	"descripcion" text,
	"iniciado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rfc" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "regimen_fiscal" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "domicilio_fiscal" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tarifa_hora" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "rfc" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "razon_social" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "regimen_fiscal" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "codigo_postal" text;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "uso_cfdi" text;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_timers" ADD CONSTRAINT "time_timers_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_user_secuencia_idx" ON "facturas" USING btree ("user_id","secuencia");--> statement-breakpoint
CREATE INDEX "facturas_user_fecha_idx" ON "facturas" USING btree ("user_id","fecha_emision" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "facturas_cliente_idx" ON "facturas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "facturas_search_idx" ON "facturas" USING gin ((lower("numero_factura" || ' ' || "concepto")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "time_entries_user_fecha_idx" ON "time_entries" USING btree ("user_id","fecha" desc);--> statement-breakpoint
CREATE INDEX "time_entries_caso_idx" ON "time_entries" USING btree ("caso_id");--> statement-breakpoint
CREATE INDEX "time_entries_cliente_idx" ON "time_entries" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "time_entries_unbilled_idx" ON "time_entries" USING btree ("user_id","cliente_id") WHERE "time_entries"."factura_id" is null;