-- Each app process caches users' Today's Focus rows and last reset time (src/server/tasks/daily-cache.ts),
-- so reading the list costs no query. Any change to either table (every task write, which touches
-- the user's daily_reset_state row when it takes the user's lock; the daily reset; an import; a
-- cascade from a deleted account; a write made behind the app's back) tells every process through
-- the sessions' channel, delivered when the change commits. The payload names the transaction, so a
-- process can tell its own write's commit from another's: `d:<user id>:<txid>`; identical payloads
-- are folded, so one notification per transaction and user.
CREATE FUNCTION lockin_notify_daily_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lockin_sessions', 'd:' || OLD.user_id || ':' || txid_current());
    RETURN OLD;
  END IF;
  PERFORM pg_notify('lockin_sessions', 'd:' || NEW.user_id || ':' || txid_current());
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER daily_tasks_notify_changed AFTER INSERT OR UPDATE OR DELETE ON daily_tasks
  FOR EACH ROW EXECUTE FUNCTION lockin_notify_daily_changed();
--> statement-breakpoint
CREATE TRIGGER daily_reset_state_notify_changed AFTER INSERT OR UPDATE OR DELETE ON daily_reset_state
  FOR EACH ROW EXECUTE FUNCTION lockin_notify_daily_changed();
