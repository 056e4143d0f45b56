ALTER TABLE "pagos_en_linea" ADD COLUMN "intento_externo" text;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD COLUMN "reembolsado" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD COLUMN "disputa" text;--> statement-breakpoint
CREATE INDEX "pagos_en_linea_intento_idx" ON "pagos_en_linea" USING btree ("user_id","intento_externo");