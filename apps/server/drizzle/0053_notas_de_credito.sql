CREATE TABLE "notas_credito" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"factura_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"motivo" text NOT NULL,
	"descripcion" text,
	"forma_pago" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_credito_check" CHECK ("notas_credito"."subtotal" > 0 and "notas_credito"."total" > 0 and "notas_credito"."estado" in ('pendiente', 'aplicada', 'cancelada'))
);
--> statement-breakpoint
ALTER TABLE "facturas" DROP CONSTRAINT "facturas_montos_check";--> statement-breakpoint
ALTER TABLE "facturas_cfdi" DROP CONSTRAINT "facturas_cfdi_tipo_check";--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "monto_acreditado" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD COLUMN "nota_credito_id" uuid;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_credito" ADD CONSTRAINT "notas_credito_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_credito_numero_idx" ON "notas_credito" USING btree ("factura_id","numero");--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD CONSTRAINT "facturas_cfdi_nota_credito_id_notas_credito_id_fk" FOREIGN KEY ("nota_credito_id") REFERENCES "public"."notas_credito"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_cfdi_nota_idx" ON "facturas_cfdi" USING btree ("nota_credito_id") WHERE "facturas_cfdi"."tipo" = 'E' and "facturas_cfdi"."estado" <> 'cancelado';--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_montos_check" CHECK ("facturas"."monto_total" > 0 and "facturas"."monto_pagado" >= 0 and "facturas"."monto_acreditado" >= 0 and "facturas"."monto_pagado" + "facturas"."monto_acreditado" <= "facturas"."monto_total");--> statement-breakpoint
ALTER TABLE "facturas_cfdi" ADD CONSTRAINT "facturas_cfdi_tipo_check" CHECK ("facturas_cfdi"."tipo" in ('I', 'P', 'E') and ("facturas_cfdi"."tipo" = 'P') = ("facturas_cfdi"."pago_id" is not null) and ("facturas_cfdi"."tipo" = 'E') = ("facturas_cfdi"."nota_credito_id" is not null));