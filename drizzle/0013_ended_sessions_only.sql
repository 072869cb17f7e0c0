-- Only ended sessions (completed or quit) reach the figures: the rollups, the free analytics answer
-- a process keeps (0012) and the streak. A start inserts an active row, so neither the rollup
-- trigger nor the analytics NOTIFY has anything to do for it.
--
-- The NOTIFY matters most: PostgreSQL serializes the commits of all transactions that notify (a
-- database-wide lock held from before the commit record until after its flush, so that queue
-- entries appear in commit order), which takes them out of group commit. Every start paid a WAL
-- flush of its own, in turn with every other notifying write. The rollup trigger's aggregates
-- stay as they were (0004) and now run only when a transition row is an ended session.
CREATE OR REPLACE FUNCTION insights_rollup_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only ended sessions count: a start (an active row) or a change to a running one has nothing
  -- to add or take away, and is done here without running the aggregates.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF EXISTS (SELECT 1 FROM old_rows WHERE status IN ('completed', 'quit')) THEN
      WITH z AS MATERIALIZED (
        SELECT u.id, insights_zone(u.time_zone) AS tz FROM users u WHERE u.id IN (SELECT DISTINCT user_id FROM old_rows)
      ), d AS (
        SELECT s.user_id,
          (extract(isodow FROM s.started_at AT TIME ZONE z.tz)::int - 1)::smallint AS day,
          extract(hour FROM s.started_at AT TIME ZONE z.tz)::smallint AS hour,
          s.category,
          CASE WHEN s.status = 'quit' THEN coalesce(s.quit_reason, '') ELSE '' END AS reason,
          count(*)::int AS sessions,
          (count(*) FILTER (WHERE s.status = 'completed'))::int AS completed,
          (count(*) FILTER (WHERE s.status = 'quit'))::int AS quit,
          coalesce(sum(s.actual_minutes), 0)::int AS minutes
        FROM old_rows s JOIN z ON z.id = s.user_id
        WHERE s.status IN ('completed', 'quit')
        GROUP BY 1, 2, 3, 4, 5
      )
      UPDATE insights_session_rollups r
      SET sessions = r.sessions - d.sessions, completed = r.completed - d.completed,
          quit = r.quit - d.quit, minutes = r.minutes - d.minutes
      FROM d
      WHERE r.user_id = d.user_id AND r.day = d.day AND r.hour = d.hour AND r.category = d.category AND r.reason = d.reason;
      DELETE FROM insights_session_rollups r
      WHERE r.sessions <= 0 AND r.user_id IN (SELECT DISTINCT user_id FROM old_rows);
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF EXISTS (SELECT 1 FROM new_rows WHERE status IN ('completed', 'quit')) THEN
      WITH z AS MATERIALIZED (
        SELECT u.id, insights_zone(u.time_zone) AS tz FROM users u WHERE u.id IN (SELECT DISTINCT user_id FROM new_rows)
      )
      INSERT INTO insights_session_rollups AS r (user_id, day, hour, category, reason, sessions, completed, quit, minutes)
      SELECT s.user_id,
        (extract(isodow FROM s.started_at AT TIME ZONE z.tz)::int - 1)::smallint,
        extract(hour FROM s.started_at AT TIME ZONE z.tz)::smallint,
        s.category,
        CASE WHEN s.status = 'quit' THEN coalesce(s.quit_reason, '') ELSE '' END,
        count(*)::int,
        (count(*) FILTER (WHERE s.status = 'completed'))::int,
        (count(*) FILTER (WHERE s.status = 'quit'))::int,
        coalesce(sum(s.actual_minutes), 0)::int
      FROM new_rows s JOIN z ON z.id = s.user_id
      WHERE s.status IN ('completed', 'quit')
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (user_id, day, hour, category, reason) DO UPDATE
      SET sessions = r.sessions + excluded.sessions, completed = r.completed + excluded.completed,
          quit = r.quit + excluded.quit, minutes = r.minutes + excluded.minutes;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER lock_in_sessions_notify_analytics ON lock_in_sessions;
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_notify_analytics_insert AFTER INSERT ON lock_in_sessions
  FOR EACH ROW WHEN (NEW.status <> 'active') EXECUTE FUNCTION lockin_notify_analytics_changed();
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_notify_analytics_delete AFTER DELETE ON lock_in_sessions
  FOR EACH ROW WHEN (OLD.status <> 'active') EXECUTE FUNCTION lockin_notify_analytics_changed();
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_notify_analytics_update AFTER UPDATE OF
  status, completed, quit_early, quit_reason, actual_minutes, goal_minutes, category, started_at, ended_at, user_id
  ON lock_in_sessions FOR EACH ROW WHEN (OLD.status <> 'active' OR NEW.status <> 'active')
  EXECUTE FUNCTION lockin_notify_analytics_changed();
