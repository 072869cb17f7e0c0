-- A task write announces its commit only when another process may cache the user. PostgreSQL
-- serializes the commits of notifying transactions, WAL flush included
-- (docs/decisions/2026-11-27-notify-serializes-commits.md), and with one LockIn process every task
-- write was paying that for a NOTIFY only its own process received.
--
-- Each LockIn process on PostgreSQL names its connections (application_name 'lockin:<uuid>') and
-- registers the name here once it listens; it takes this table in ACCESS EXCLUSIVE mode to do so,
-- which waits for every transaction that has read the table (below) to end: a write that decided
-- it had no one to tell has committed before the new process caches anything. A process removes
-- its row when it closes; a row whose process is gone (no connection by that name) is removed by
-- the next process that registers, and until then only costs notifications nobody needs.
CREATE TABLE cache_listeners (
  name text PRIMARY KEY,
  registered_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Whether a change to `uid`'s rows is announced. A transaction that took the user's lock through
-- lockUser says so (`lockin.marked`, transaction-local) when its process will lift its own cache
-- marks at the transaction's end; its changes to that user then need no NOTIFY unless a process
-- other than its own listens. Everything else announces as before: another user's rows, a write
-- behind the app (a fix by hand, a cascade), PGlite (which never marks).
-- PL/pgSQL, not SQL: a SQL function called from a trigger is planned again on every call.
CREATE FUNCTION lockin_announces(uid text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF current_setting('lockin.marked', true) IS DISTINCT FROM uid THEN
    RETURN true;
  END IF;
  RETURN EXISTS (SELECT 1 FROM cache_listeners WHERE name <> current_setting('application_name'));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lockin_notify_daily_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF lockin_announces(OLD.user_id) THEN
      PERFORM pg_notify('lockin_sessions', 'd:' || OLD.user_id || ':' || txid_current());
    END IF;
    RETURN OLD;
  END IF;
  IF lockin_announces(NEW.user_id) THEN
    PERFORM pg_notify('lockin_sessions', 'd:' || NEW.user_id || ':' || txid_current());
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lockin_notify_analytics_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF lockin_announces(OLD.user_id) THEN
      PERFORM pg_notify('lockin_sessions', 'a:' || OLD.user_id || ':' || txid_current());
    END IF;
    RETURN OLD;
  END IF;
  IF lockin_announces(NEW.user_id) THEN
    PERFORM pg_notify('lockin_sessions', 'a:' || NEW.user_id || ':' || txid_current());
  END IF;
  RETURN NEW;
END
$$;
