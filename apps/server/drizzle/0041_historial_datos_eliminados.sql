-- The audit trail stays append-only, with one narrow exception: a person's data erased at their
-- request (LFPDPPP, a cancellation) is removed from the trail's values too. Inside such an erasure's
-- transaction (bufete.redact = 'on') an UPDATE may change only `resumen` and `cambios`; who, when,
-- what and from where stay as they were.
CREATE OR REPLACE FUNCTION "historial_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('bufete.purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('bufete.redact', true) = 'on'
     AND NEW."id" = OLD."id" AND NEW."user_id" = OLD."user_id" AND NEW."fecha" = OLD."fecha"
     AND NEW."accion" = OLD."accion" AND NEW."entidad" = OLD."entidad"
     AND NEW."entidad_id" IS NOT DISTINCT FROM OLD."entidad_id" AND NEW."caso_id" IS NOT DISTINCT FROM OLD."caso_id"
     AND NEW."ip" IS NOT DISTINCT FROM OLD."ip" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'El historial no se puede modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
END
$$;
