CREATE TABLE "insights_session_rollups" (
	"user_id" text NOT NULL,
	"day" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"category" text NOT NULL,
	"reason" text NOT NULL,
	"sessions" integer NOT NULL,
	"completed" integer NOT NULL,
	"quit" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "insights_session_rollups_user_id_day_hour_category_reason_pk" PRIMARY KEY("user_id","day","hour","category","reason")
);
--> statement-breakpoint
ALTER TABLE "insights_session_rollups" ADD CONSTRAINT "insights_session_rollups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A zone PostgreSQL does not know (the app checks zones with the browser's list) counts as UTC
-- rather than failing the session write.
CREATE OR REPLACE FUNCTION insights_zone(tz text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE tz;
  RETURN tz;
EXCEPTION WHEN others THEN
  RETURN 'UTC';
END $$;
--> statement-breakpoint
-- Statement-level, over the transition tables: one set-based pass per statement, so a bulk import
-- costs one aggregate, not one upsert per row. Each user's zone is looked up once per statement.
CREATE OR REPLACE FUNCTION insights_rollup_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
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
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_rollup_insert AFTER INSERT ON lock_in_sessions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_rollup_sessions();
--> statement-breakpoint
CREATE TRIGGER insights_rollup_update AFTER UPDATE ON lock_in_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_rollup_sessions();
--> statement-breakpoint
CREATE TRIGGER insights_rollup_delete AFTER DELETE ON lock_in_sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_rollup_sessions();
--> statement-breakpoint
-- Rebuilds one user's rollups from their sessions (a new time zone moves every local hour).
CREATE OR REPLACE FUNCTION insights_rollup_rebuild(uid text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text;
BEGIN
  SELECT insights_zone(time_zone) INTO tz FROM users WHERE id = uid;
  DELETE FROM insights_session_rollups WHERE user_id = uid;
  IF tz IS NULL THEN RETURN; END IF;
  INSERT INTO insights_session_rollups (user_id, day, hour, category, reason, sessions, completed, quit, minutes)
  SELECT s.user_id,
    (extract(isodow FROM s.started_at AT TIME ZONE tz)::int - 1)::smallint,
    extract(hour FROM s.started_at AT TIME ZONE tz)::smallint,
    s.category,
    CASE WHEN s.status = 'quit' THEN coalesce(s.quit_reason, '') ELSE '' END,
    count(*)::int,
    (count(*) FILTER (WHERE s.status = 'completed'))::int,
    (count(*) FILTER (WHERE s.status = 'quit'))::int,
    coalesce(sum(s.actual_minutes), 0)::int
  FROM lock_in_sessions s
  WHERE s.user_id = uid AND s.status IN ('completed', 'quit')
  GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insights_rollup_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_rollup_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_rollup_rezone AFTER UPDATE OF time_zone ON users
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION insights_rollup_rezone();
--> statement-breakpoint
-- Sessions recorded before this migration.
SELECT insights_rollup_rebuild(u.id) FROM users u WHERE EXISTS (SELECT 1 FROM lock_in_sessions s WHERE s.user_id = u.id);
