-- Every server process keeps recently confirmed sessions in memory for a few seconds
-- (auth/session-cache.ts). The database tells every process, at once, when a session
-- ends or its user changes, whichever code path did it (sign-out, password change or
-- reset, better-auth's own clean-up, a deleted account): 's:<session id>' / 'u:<user id>'
-- on the channel bufete_sesiones, sent when the transaction commits.
CREATE OR REPLACE FUNCTION bufete_announce_session_end() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('bufete_sesiones', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('bufete_sesiones', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_announce_end AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION bufete_announce_session_end();--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bufete_announce_session_end();
