CREATE TABLE "conteos_practica" (
	"user_id" text PRIMARY KEY NOT NULL,
	"casos" integer DEFAULT 0 NOT NULL,
	"casos_activos" integer DEFAULT 0 NOT NULL,
	"clientes" integer DEFAULT 0 NOT NULL,
	"documentos" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conteos_practica" ADD CONSTRAINT "conteos_practica_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casos_user_open_due_idx" ON "casos" USING btree ("user_id","fecha_vencimiento","id") WHERE "casos"."fecha_vencimiento" is not null and "casos"."estado" <> 'Cerrado';--> statement-breakpoint
-- The dashboard's numbers, kept in the same transaction as each change (modules/dashboard/schema.ts).
-- Statement-level triggers with transition tables: one adjustment per statement, however many rows
-- it touched (a bulk import, an account's deletion). A new row is counted with an upsert; a deleted
-- or changed row only adjusts an existing row (it was counted when inserted, or by the backfill below),
-- so deleting an account, whose counts row cascades too, never makes one again. A change that moves no
-- number (a title, a client) touches no counts row and takes no lock on it.
CREATE FUNCTION conteos_casos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conteos_practica AS c (user_id, casos, casos_activos)
      SELECT user_id, count(*), count(*) FILTER (WHERE estado = 'Activo') FROM nuevos GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET casos = c.casos + excluded.casos, casos_activos = c.casos_activos + excluded.casos_activos;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE conteos_practica AS c SET casos = c.casos + d.casos, casos_activos = c.casos_activos + d.activos
      FROM (
        SELECT user_id, sum(n) AS casos, sum(activo) AS activos FROM (
          SELECT user_id, 1 AS n, (estado = 'Activo')::int AS activo FROM nuevos
          UNION ALL
          SELECT user_id, -1, -(estado = 'Activo')::int FROM viejos
        ) cambios
        GROUP BY user_id HAVING sum(n) <> 0 OR sum(activo) <> 0
      ) d
      WHERE c.user_id = d.user_id;
  ELSE
    UPDATE conteos_practica AS c SET casos = c.casos - d.casos, casos_activos = c.casos_activos - d.activos
      FROM (SELECT user_id, count(*) AS casos, count(*) FILTER (WHERE estado = 'Activo') AS activos FROM viejos GROUP BY user_id) d
      WHERE c.user_id = d.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION conteos_registros() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conteos_practica AS c (user_id, clientes, documentos)
      SELECT user_id, CASE WHEN TG_TABLE_NAME = 'clientes' THEN count(*) ELSE 0 END, CASE WHEN TG_TABLE_NAME = 'documentos' THEN count(*) ELSE 0 END
      FROM nuevos GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET clientes = c.clientes + excluded.clientes, documentos = c.documentos + excluded.documentos;
  ELSE
    UPDATE conteos_practica AS c
      SET clientes = c.clientes - CASE WHEN TG_TABLE_NAME = 'clientes' THEN d.n ELSE 0 END,
          documentos = c.documentos - CASE WHEN TG_TABLE_NAME = 'documentos' THEN d.n ELSE 0 END
      FROM (SELECT user_id, count(*) AS n FROM viejos GROUP BY user_id) d
      WHERE c.user_id = d.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables fires on one event: one each.
CREATE TRIGGER conteos_casos_insert AFTER INSERT ON casos REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION conteos_casos();--> statement-breakpoint
CREATE TRIGGER conteos_casos_update AFTER UPDATE ON casos REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION conteos_casos();--> statement-breakpoint
CREATE TRIGGER conteos_casos_delete AFTER DELETE ON casos REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION conteos_casos();--> statement-breakpoint
CREATE TRIGGER conteos_clientes_insert AFTER INSERT ON clientes REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION conteos_registros();--> statement-breakpoint
CREATE TRIGGER conteos_clientes_delete AFTER DELETE ON clientes REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION conteos_registros();--> statement-breakpoint
CREATE TRIGGER conteos_documentos_insert AFTER INSERT ON documentos REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION conteos_registros();--> statement-breakpoint
CREATE TRIGGER conteos_documentos_delete AFTER DELETE ON documentos REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION conteos_registros();--> statement-breakpoint
-- What is already there, counted once (migrations run before the server takes requests).
INSERT INTO conteos_practica (user_id, casos, casos_activos, clientes, documentos)
SELECT u.id,
  (SELECT count(*) FROM casos WHERE user_id = u.id),
  (SELECT count(*) FROM casos WHERE user_id = u.id AND estado = 'Activo'),
  (SELECT count(*) FROM clientes WHERE user_id = u.id),
  (SELECT count(*) FROM documentos WHERE user_id = u.id)
FROM users u;
