CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text,
	"ubicacion" text,
	"fecha_inicio" timestamp with time zone NOT NULL,
	"fecha_fin" timestamp with time zone NOT NULL,
	"recordatorio_email" integer,
	"recordatorio_popup" integer,
	"caso_id" uuid,
	"cliente_id" uuid,
	"origen" text DEFAULT 'bufete' NOT NULL,
	"google_event_id" text,
	"google_html_link" text,
	"google_updated" timestamp with time zone,
	"is_synced_with_google" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"larga" boolean GENERATED ALWAYS AS (("calendar_events"."fecha_fin" - "calendar_events"."fecha_inicio") > interval '31 days') STORED NOT NULL,
	CONSTRAINT "calendar_events_range_check" CHECK ("calendar_events"."fecha_fin" > "calendar_events"."fecha_inicio"),
	CONSTRAINT "calendar_events_origen_check" CHECK ("calendar_events"."origen" in ('bufete', 'google'))
);
--> statement-breakpoint
CREATE TABLE "calendar_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"feed_token_hash" text,
	"feed_token" text,
	"google_notice" text
);
--> statement-breakpoint
CREATE TABLE "event_reminders_sent" (
	"event_id" uuid NOT NULL,
	"fecha_inicio" timestamp with time zone NOT NULL,
	"minutos" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_sent_event_id_fecha_inicio_minutos_pk" PRIMARY KEY("event_id","fecha_inicio","minutos")
);
--> statement-breakpoint
CREATE TABLE "event_tags" (
	"event_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "google_calendar_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sync_token" text,
	"last_sync_at" timestamp with time zone,
	"sync_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_deletions" (
	"user_id" text NOT NULL,
	"google_event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_deletions_user_id_google_event_id_pk" PRIMARY KEY("user_id","google_event_id")
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_caso_id_casos_id_fk" FOREIGN KEY ("caso_id") REFERENCES "public"."casos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders_sent" ADD CONSTRAINT "event_reminders_sent_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_tokens" ADD CONSTRAINT "google_calendar_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_deletions" ADD CONSTRAINT "google_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_user_start_idx" ON "calendar_events" USING btree ("user_id","fecha_inicio");--> statement-breakpoint
CREATE INDEX "calendar_events_user_long_idx" ON "calendar_events" USING btree ("user_id","fecha_inicio") WHERE "calendar_events"."larga";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_events_user_google_idx" ON "calendar_events" USING btree ("user_id","google_event_id");--> statement-breakpoint
CREATE INDEX "calendar_events_caso_idx" ON "calendar_events" USING btree ("caso_id");--> statement-breakpoint
CREATE INDEX "calendar_events_cliente_idx" ON "calendar_events" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_settings_feed_idx" ON "calendar_settings" USING btree ("feed_token_hash");--> statement-breakpoint
CREATE INDEX "event_tags_tag_idx" ON "event_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "oauth_states_created_idx" ON "oauth_states" USING btree ("created_at");