ALTER TABLE "event_reminders_sent" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notificaciones_resumenes" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notificaciones_resumenes" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notificaciones_resumenes" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
-- Before leases, a reminder caught by a crash mid-send stayed 'sending' for good, its job gone.
-- Whether it reached the client cannot be known: it is marked failed, saying so, rather than sent again late.
UPDATE "email_reminders" SET "status" = 'failed', "last_error" = 'El envío se interrumpió y no se pudo confirmar: revisa con tu cliente si lo recibió.', "updated_at" = now()
 WHERE "status" = 'sending' AND "updated_at" < now() - interval '10 minutes';
