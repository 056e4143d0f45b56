-- One name per concept (docs/GLOSSARY.md): the area is «tiempo» and the invoice numbers are «folios» of «facturas».
-- Renamed in place: rows, indexes and constraints are kept, nothing is copied.
ALTER TABLE "time_entries" RENAME TO "tiempo_entradas";--> statement-breakpoint
ALTER INDEX "time_entries_pkey" RENAME TO "tiempo_entradas_pkey";--> statement-breakpoint
ALTER INDEX "time_entries_user_fecha_idx" RENAME TO "tiempo_entradas_user_fecha_idx";--> statement-breakpoint
ALTER INDEX "time_entries_caso_idx" RENAME TO "tiempo_entradas_caso_idx";--> statement-breakpoint
ALTER INDEX "time_entries_cliente_idx" RENAME TO "tiempo_entradas_cliente_idx";--> statement-breakpoint
ALTER INDEX "time_entries_factura_idx" RENAME TO "tiempo_entradas_factura_idx";--> statement-breakpoint
ALTER INDEX "time_entries_unbilled_idx" RENAME TO "tiempo_entradas_unbilled_idx";--> statement-breakpoint
ALTER TABLE "tiempo_entradas" RENAME CONSTRAINT "time_entries_user_id_users_id_fk" TO "tiempo_entradas_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tiempo_entradas" RENAME CONSTRAINT "time_entries_caso_id_casos_id_fk" TO "tiempo_entradas_caso_id_casos_id_fk";--> statement-breakpoint
ALTER TABLE "tiempo_entradas" RENAME CONSTRAINT "time_entries_cliente_id_clientes_id_fk" TO "tiempo_entradas_cliente_id_clientes_id_fk";--> statement-breakpoint
ALTER TABLE "tiempo_entradas" RENAME CONSTRAINT "time_entries_factura_id_facturas_id_fk" TO "tiempo_entradas_factura_id_facturas_id_fk";--> statement-breakpoint
ALTER TABLE "tiempo_entradas" RENAME CONSTRAINT "time_entries_centihoras_check" TO "tiempo_entradas_centihoras_check";--> statement-breakpoint
ALTER TABLE "time_timers" RENAME TO "tiempo_temporizadores";--> statement-breakpoint
ALTER INDEX "time_timers_pkey" RENAME TO "tiempo_temporizadores_pkey";--> statement-breakpoint
ALTER TABLE "tiempo_temporizadores" RENAME CONSTRAINT "time_timers_user_id_users_id_fk" TO "tiempo_temporizadores_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tiempo_temporizadores" RENAME CONSTRAINT "time_timers_caso_id_casos_id_fk" TO "tiempo_temporizadores_caso_id_casos_id_fk";--> statement-breakpoint
ALTER TABLE "invoice_counters" RENAME TO "facturas_folios";--> statement-breakpoint
ALTER INDEX "invoice_counters_pkey" RENAME TO "facturas_folios_pkey";--> statement-breakpoint
ALTER TABLE "facturas_folios" RENAME CONSTRAINT "invoice_counters_user_id_users_id_fk" TO "facturas_folios_user_id_users_id_fk";
