CREATE TABLE "pagos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"factura_id" uuid NOT NULL,
	"fecha" date NOT NULL,
	"monto" numeric(14, 2) NOT NULL,
	"forma_pago" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_monto_check" CHECK ("pagos"."monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "historial" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "historial_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"accion" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text,
	"caso_id" text,
	"resumen" text NOT NULL,
	"cambios" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "facturas" DROP CONSTRAINT "facturas_estado_check";--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "cancelada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "motivo_cancelacion" text;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_factura_id_facturas_id_fk" FOREIGN KEY ("factura_id") REFERENCES "public"."facturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial" ADD CONSTRAINT "historial_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagos_factura_idx" ON "pagos" USING btree ("factura_id","fecha","created_at");--> statement-breakpoint
CREATE INDEX "historial_user_fecha_idx" ON "historial" USING btree ("user_id","fecha" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "historial_entidad_idx" ON "historial" USING btree ("user_id","entidad","entidad_id");--> statement-breakpoint
CREATE INDEX "historial_caso_idx" ON "historial" USING btree ("user_id","caso_id") WHERE "historial"."caso_id" is not null;--> statement-breakpoint
CREATE INDEX "time_entries_factura_idx" ON "time_entries" USING btree ("factura_id") WHERE "time_entries"."factura_id" is not null;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_cancelada_check" CHECK (("facturas"."estado" = 'cancelada') = ("facturas"."cancelada_at" is not null));--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_estado_check" CHECK ("facturas"."estado" in ('pendiente', 'pagada_parcialmente', 'pagada', 'cancelada'));--> statement-breakpoint
-- Payments recorded before this migration become one payment each, on the day the invoice last changed, method not recorded (99).
INSERT INTO "pagos" ("user_id", "factura_id", "fecha", "monto", "forma_pago", "created_at")
  SELECT "user_id", "id", ("updated_at" at time zone 'America/Mexico_City')::date, "monto_pagado", '99', "updated_at" FROM "facturas" WHERE "monto_pagado" > 0;--> statement-breakpoint
-- The audit trail is append-only: no UPDATE ever, and DELETE only while a closed account is purged (bufete.purge = 'on' in that transaction).
CREATE FUNCTION "historial_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('bufete.purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'El historial no se puede modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "historial_append_only" BEFORE UPDATE OR DELETE ON "historial" FOR EACH ROW EXECUTE FUNCTION "historial_append_only"();
