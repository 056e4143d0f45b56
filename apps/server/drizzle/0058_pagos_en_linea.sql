CREATE TABLE "pagos_cuentas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"proveedor" text NOT NULL,
	"activo" boolean DEFAULT false NOT NULL,
	"clave_sellada" text NOT NULL,
	"clave_fin" text NOT NULL,
	"modo" text NOT NULL,
	"secreto_webhook_sellado" text,
	"ultimo_evento_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_cuentas_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "pagos_en_linea" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"factura_id" uuid NOT NULL,
	"cliente_id" uuid,
	"proveedor" text NOT NULL,
	"sesion_externa" text,
	"url" text,
	"monto" numeric(14, 2) NOT NULL,
	"estado" text NOT NULL,
	"metodo" text,
	"ficha_url" text,
	"ficha_vence" timestamp with time zone,
	"pago_id" uuid,
	"aplicado" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_en_linea_estado_check" CHECK ("pagos_en_linea"."estado" in ('abierto', 'en_espera', 'pagado', 'fallido', 'expirado'))
);
--> statement-breakpoint
ALTER TABLE "pagos_cuentas" ADD CONSTRAINT "pagos_cuentas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_sesion_idx" ON "pagos_en_linea" USING btree ("proveedor","sesion_externa");--> statement-breakpoint
CREATE INDEX "pagos_en_linea_factura_idx" ON "pagos_en_linea" USING btree ("user_id","factura_id","created_at");