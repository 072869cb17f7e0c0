-- Focus together (issue #49): rooms and their members; each member's focus is an ordinary session
-- (lock_in_sessions.room_id). Then the live channel: every write a page shows announces itself on
-- 'lockin_live' in its own transaction (delivered at commit), naming the users to tell (and a room),
-- never the data; each process's one LISTEN fans it out to its open streams (src/server/live/).
CREATE TABLE "focus_room_members" (
	"room_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"task_title" text NOT NULL,
	"category" text NOT NULL,
	"share_task" boolean DEFAULT false NOT NULL,
	"session_id" text,
	CONSTRAINT "focus_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "focus_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"host_id" text NOT NULL,
	"goal_minutes" integer NOT NULL,
	"strict" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"code" text,
	"invite_version" integer DEFAULT 0 NOT NULL,
	"invite_revoked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lock_in_sessions" ADD COLUMN "room_id" text;--> statement-breakpoint
ALTER TABLE "focus_room_members" ADD CONSTRAINT "focus_room_members_room_id_focus_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."focus_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_room_members" ADD CONSTRAINT "focus_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_rooms" ADD CONSTRAINT "focus_rooms_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_room_members_user_idx" ON "focus_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "focus_rooms_code_idx" ON "focus_rooms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "focus_rooms_host_idx" ON "focus_rooms" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "focus_rooms_starts_idx" ON "focus_rooms" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "focus_rooms_ends_idx" ON "focus_rooms" USING btree ("ends_at");--> statement-breakpoint
CREATE FUNCTION lockin_live_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lockin_live', json_build_object('w', TG_ARGV[0], 'u', json_build_array(COALESCE(NEW.user_id, OLD.user_id)))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_room(room text, also text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('lockin_live', json_build_object('w', 'room', 'r', room, 'u', (
    SELECT coalesce(json_agg(DISTINCT m.u), '[]'::json) FROM (
      SELECT user_id AS u FROM focus_room_members WHERE room_id = room
      UNION SELECT also WHERE also IS NOT NULL
    ) m
  ))::text);
$$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lockin_live', json_build_object('w', 'session', 'u', json_build_array(COALESCE(NEW.user_id, OLD.user_id)))::text);
  IF COALESCE(NEW.room_id, OLD.room_id) IS NOT NULL THEN
    PERFORM lockin_live_room(COALESCE(NEW.room_id, OLD.room_id), NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lockin_live_room(COALESCE(NEW.room_id, OLD.room_id), COALESCE(NEW.user_id, OLD.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_room_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lockin_live_room(NEW.id, NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_signed_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lockin_live', json_build_object('w', 'ended', 's', OLD.id, 'u', json_build_array(OLD.user_id))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_live AFTER INSERT OR DELETE ON lock_in_sessions FOR EACH ROW EXECUTE FUNCTION lockin_live_session();
--> statement-breakpoint
-- Only changes a page shows: the session-end push's bookkeeping (end_notified_at) announces nothing.
CREATE TRIGGER lock_in_sessions_live_update AFTER UPDATE ON lock_in_sessions FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.room_id IS DISTINCT FROM NEW.room_id
    OR OLD.ends_at IS DISTINCT FROM NEW.ends_at OR OLD.task_title IS DISTINCT FROM NEW.task_title
    OR OLD.goal_text IS DISTINCT FROM NEW.goal_text)
  EXECUTE FUNCTION lockin_live_session();
--> statement-breakpoint
CREATE TRIGGER bank_tasks_live AFTER INSERT OR UPDATE OR DELETE ON bank_tasks FOR EACH ROW EXECUTE FUNCTION lockin_live_user('tasks');
--> statement-breakpoint
CREATE TRIGGER daily_tasks_live AFTER INSERT OR UPDATE OR DELETE ON daily_tasks FOR EACH ROW EXECUTE FUNCTION lockin_live_user('tasks');
--> statement-breakpoint
CREATE TRIGGER custom_categories_live AFTER INSERT OR UPDATE OR DELETE ON custom_categories FOR EACH ROW EXECUTE FUNCTION lockin_live_user('tasks');
--> statement-breakpoint
CREATE TRIGGER subscriptions_live AFTER INSERT OR UPDATE OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION lockin_live_user('plan');
--> statement-breakpoint
CREATE TRIGGER focus_room_members_live AFTER INSERT OR UPDATE OR DELETE ON focus_room_members FOR EACH ROW EXECUTE FUNCTION lockin_live_member();
--> statement-breakpoint
CREATE TRIGGER focus_rooms_live AFTER UPDATE ON focus_rooms FOR EACH ROW EXECUTE FUNCTION lockin_live_room_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_live_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION lockin_live_signed_out();
