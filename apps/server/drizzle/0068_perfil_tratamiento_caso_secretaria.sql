ALTER TABLE "profiles" ADD COLUMN "tratamiento" text;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "secretaria" text;