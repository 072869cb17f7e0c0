-- Sessions are cached in each app process (src/server/accounts/session-cache.ts). Whatever ends a
-- session or changes its user (logout, password reset, sign-in replacing a session, expiry purge,
-- a cascade from a deleted account, a profile or time-zone change) tells every process through
-- NOTIFY, which PostgreSQL delivers only when the change commits.
CREATE FUNCTION lockin_notify_session_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lockin_sessions', 's:' || OLD.id);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_gone AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION lockin_notify_session_gone();
--> statement-breakpoint
CREATE FUNCTION lockin_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lockin_sessions', 'u:' || NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION lockin_notify_user_changed();
