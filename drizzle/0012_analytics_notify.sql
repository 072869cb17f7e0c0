-- Each app process keeps users' free analytics answers for a few seconds
-- (src/server/insights/analytics-cache.ts). Its inputs are ended Lock-In sessions (with their
-- rollups and the streak derived from them) and the completion history; Today's Focus writes
-- already announce themselves with `d:` (drizzle/0007). Any change to either table here, whatever
-- wrote it (the Lock-In services, an import, an account's cascade, a hand-written fix), tells every
-- process when it commits: `a:<user id>:<txid>`, folded to one per transaction and user. Only the
-- columns the figures read count: the end-of-session push marking a row notified does not.
CREATE FUNCTION lockin_notify_analytics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lockin_sessions', 'a:' || OLD.user_id || ':' || txid_current());
    RETURN OLD;
  END IF;
  PERFORM pg_notify('lockin_sessions', 'a:' || NEW.user_id || ':' || txid_current());
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_notify_analytics AFTER INSERT OR DELETE OR UPDATE OF
  status, completed, quit_early, quit_reason, actual_minutes, goal_minutes, category, started_at, ended_at, user_id
  ON lock_in_sessions FOR EACH ROW EXECUTE FUNCTION lockin_notify_analytics_changed();
--> statement-breakpoint
CREATE TRIGGER task_completions_notify_analytics AFTER INSERT OR UPDATE OR DELETE ON task_completions
  FOR EACH ROW EXECUTE FUNCTION lockin_notify_analytics_changed();
