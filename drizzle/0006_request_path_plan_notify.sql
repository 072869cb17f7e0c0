-- Each app process caches users' subscription rows beside their sessions, so `premium` costs no
-- query (src/server/accounts/session-cache.ts). Any change to a subscription row (checkout,
-- activation, cancel, a webhook, a cascade from a deleted account) tells every process through the
-- sessions' channel, delivered when the change commits; one notification per transaction and user.
CREATE FUNCTION lockin_notify_subscription_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lockin_sessions', 'p:' || OLD.user_id);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('lockin_sessions', 'p:' || NEW.user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_notify_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION lockin_notify_subscription_changed();
