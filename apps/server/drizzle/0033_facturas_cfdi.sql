CREATE TABLE "facturas_cfdi" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"factura_id" uuid NOT NULL,
	"pago_id" uuid,
	"tipo" text NOT NULL,
	"estado" text NOT NULL,
	"xml" text NOT NULL,
	"uuid" text,
	"fecha_timbrado" timestamp with time zone,
	"motivo_cancelacion" text,
	"folio_sustitucion" text,
	"cancelacion_solicitada_at" timestamp with time zone,
	"acuse_cancelacion" text,
	"estatus_sat" text,
	"consultado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturas_cfdi_tipo_check" CHECK ("facturas_cfdi"."tipo" in ('I', 'P') and ("facturas_cfdi"."tipo" = 'P') = ("facturas_cfdi"."pago_id" is not null)),
	CONSTRAINT "facturas_cfdi_estado_check" CHECK ("facturas_cfdi"."estado" in ('pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado') and ("facturas_cfdi"."estado" = 'pendiente') = ("facturas_cfdi"."uuid" is null))
);
--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD CONSTRAINT "facturas_cfdi_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD CONSTRAINT "facturas_cfdi_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD CONSTRAINT "facturas_cfdi_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_cfdi_ingreso_idx" ON "facturas_cfdi" USING btree ("factura_id") WHERE "facturas_cfdi"."tipo" = 'I' and "facturas_cfdi"."estado" <> 'cancelado';--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_cfdi_pago_idx" ON "facturas_cfdi" USING btree ("pago_id") WHERE "facturas_cfdi"."tipo" = 'P' and "facturas_cfdi"."estado" <> 'cancelado';--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_cfdi_uuid_idx" ON "facturas_cfdi" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "facturas_cfdi_factura_idx" ON "facturas_cfdi" USING btree ("factura_id","created_at");