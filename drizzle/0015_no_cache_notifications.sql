-- LockIn keeps no per-process caches any more (docs/decisions/2026-11-28-simple-by-design.md):
-- every read comes from the database, so nothing listens for changes. The NOTIFY triggers that
-- kept those caches in step (0005, 0006, 0007, 0012, 0013, 0014) and the table of listening
-- processes go; the insights rollups (0004) and the session-end push columns (0010) stay.
DROP TRIGGER IF EXISTS sessions_notify_gone ON sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_notify_changed ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS subscriptions_notify_changed ON subscriptions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS daily_tasks_notify_changed ON daily_tasks;
--> statement-breakpoint
DROP TRIGGER IF EXISTS daily_reset_state_notify_changed ON daily_reset_state;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lock_in_sessions_notify_analytics ON lock_in_sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lock_in_sessions_notify_analytics_insert ON lock_in_sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lock_in_sessions_notify_analytics_delete ON lock_in_sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lock_in_sessions_notify_analytics_update ON lock_in_sessions;
--> statement-breakpoint
DROP TRIGGER IF EXISTS task_completions_notify_analytics ON task_completions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS lockin_notify_session_gone();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lockin_notify_user_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lockin_notify_subscription_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lockin_notify_daily_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lockin_notify_analytics_changed();
--> statement-breakpoint
DROP FUNCTION IF EXISTS lockin_announces(text);
--> statement-breakpoint
DROP TABLE IF EXISTS cache_listeners;
