CREATE TABLE "storage_usage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What each lawyer already keeps.
INSERT INTO "storage_usage" ("user_id", "bytes")
  SELECT "user_id", sum("tamano") FROM (
    SELECT "user_id", "tamano" FROM "documentos"
    UNION ALL SELECT "user_id", "tamano" FROM "imagenes"
    UNION ALL SELECT "user_id", "tamano" FROM "ai_chat_files"
  ) AS "files" GROUP BY "user_id";--> statement-breakpoint
-- Kept in the same transaction as each insert or delete; an insert past the quota its transaction
-- set (bufete.storage_quota, set by the upload) is refused, and the upload rolled back.
CREATE FUNCTION "bufete_storage_usage"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quota bigint := nullif(current_setting('bufete.storage_quota', true), '')::bigint;
  used bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO storage_usage (user_id, bytes) VALUES (NEW.user_id, NEW.tamano)
      ON CONFLICT (user_id) DO UPDATE SET bytes = storage_usage.bytes + EXCLUDED.bytes
      RETURNING bytes INTO used;
    IF quota IS NOT NULL AND used > quota THEN
      RAISE EXCEPTION 'cuota de almacenamiento excedida' USING ERRCODE = 'P0001', HINT = 'bufete_storage_quota';
    END IF;
    RETURN NEW;
  END IF;
  UPDATE storage_usage SET bytes = greatest(bytes - OLD.tamano, 0) WHERE user_id = OLD.user_id;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documentos_storage_usage" AFTER INSERT OR DELETE ON "documentos" FOR EACH ROW EXECUTE FUNCTION "bufete_storage_usage"();--> statement-breakpoint
CREATE TRIGGER "imagenes_storage_usage" AFTER INSERT OR DELETE ON "imagenes" FOR EACH ROW EXECUTE FUNCTION "bufete_storage_usage"();--> statement-breakpoint
CREATE TRIGGER "ai_chat_files_storage_usage" AFTER INSERT OR DELETE ON "ai_chat_files" FOR EACH ROW EXECUTE FUNCTION "bufete_storage_usage"();
