CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'running', 'failed'))
);
--> statement-breakpoint
DROP INDEX "email_reminders_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("dedupe_key") WHERE "jobs"."status" in ('pending', 'running');--> statement-breakpoint
-- Reminders still waiting under the old worker become jobs of the queue, due when they were.
UPDATE "email_reminders" SET "status" = 'pending' WHERE "status" = 'sending';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "run_at", "max_attempts")
  SELECT 'reminders.send', json_build_object('id', "id")::jsonb, "next_attempt_at", 5 FROM "email_reminders" WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "email_reminders" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "email_reminders" DROP COLUMN "locked_at";