CREATE TABLE "despacho_invitaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"despacho_id" text NOT NULL,
	"email" text NOT NULL,
	"rol" text NOT NULL,
	"facturacion" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"expira_at" timestamp with time zone NOT NULL,
	"aceptada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "despacho_invitaciones_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "despacho_miembros" (
	"despacho_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rol" text NOT NULL,
	"facturacion" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "despacho_miembros_despacho_id_user_id_pk" PRIMARY KEY("despacho_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sesion_despacho" (
	"session_id" text PRIMARY KEY NOT NULL,
	"despacho_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "despacho_invitaciones" ADD CONSTRAINT "despacho_invitaciones_despacho_id_users_id_fk" FOREIGN KEY ("despacho_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despacho_miembros" ADD CONSTRAINT "despacho_miembros_despacho_id_users_id_fk" FOREIGN KEY ("despacho_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "despacho_miembros" ADD CONSTRAINT "despacho_miembros_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion_despacho" ADD CONSTRAINT "sesion_despacho_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion_despacho" ADD CONSTRAINT "sesion_despacho_despacho_id_users_id_fk" FOREIGN KEY ("despacho_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "despacho_invitaciones_despacho_idx" ON "despacho_invitaciones" USING btree ("despacho_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "despacho_invitaciones_abierta_idx" ON "despacho_invitaciones" USING btree ("despacho_id","email") WHERE aceptada_at is null;--> statement-breakpoint
CREATE INDEX "despacho_miembros_user_idx" ON "despacho_miembros" USING btree ("user_id");--> statement-breakpoint
-- A member's role changed or they were removed, or a session changed despacho: every
-- process forgets what it remembered of them (auth/session-cache.ts), so the change
-- holds from their very next request.
CREATE OR REPLACE FUNCTION bufete_announce_membership() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sesion_despacho' THEN
    PERFORM pg_notify('bufete_sesiones', 's:' || COALESCE(NEW.session_id, OLD.session_id));
  ELSE
    PERFORM pg_notify('bufete_sesiones', 'u:' || COALESCE(NEW.user_id, OLD.user_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER despacho_miembros_announce AFTER UPDATE OR DELETE ON despacho_miembros
  FOR EACH ROW EXECUTE FUNCTION bufete_announce_membership();--> statement-breakpoint
CREATE TRIGGER sesion_despacho_announce AFTER INSERT OR UPDATE OR DELETE ON sesion_despacho
  FOR EACH ROW EXECUTE FUNCTION bufete_announce_membership();
