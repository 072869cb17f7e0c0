-- Circles (issue #49): people who focus together regularly. The live channel tells a circle's
-- members when one of them starts or ends a session, joins or leaves, or a room starts for it.
CREATE TABLE "focus_circle_members" (
	"circle_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"hide_minutes" boolean DEFAULT false NOT NULL,
	CONSTRAINT "focus_circle_members_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "focus_circles" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"name" text NOT NULL,
	"invite_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "focus_rooms" ADD COLUMN "circle_id" text;--> statement-breakpoint
ALTER TABLE "focus_circle_members" ADD CONSTRAINT "focus_circle_members_circle_id_focus_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."focus_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_circle_members" ADD CONSTRAINT "focus_circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_circles" ADD CONSTRAINT "focus_circles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_circle_members_user_idx" ON "focus_circle_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "focus_circles_creator_idx" ON "focus_circles" USING btree ("creator_id");--> statement-breakpoint
ALTER TABLE "focus_rooms" ADD CONSTRAINT "focus_rooms_circle_id_focus_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."focus_circles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "focus_rooms_circle_idx" ON "focus_rooms" USING btree ("circle_id");--> statement-breakpoint
CREATE FUNCTION lockin_live_circle(circle text, also text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('lockin_live', json_build_object('w', 'circle', 'c', circle, 'u', (
    SELECT coalesce(json_agg(DISTINCT m.u), '[]'::json) FROM (
      SELECT user_id AS u FROM focus_circle_members WHERE circle_id = circle
      UNION SELECT also WHERE also IS NOT NULL
    ) m
  ))::text);
$$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_circle_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lockin_live_circle(COALESCE(NEW.circle_id, OLD.circle_id), COALESCE(NEW.user_id, OLD.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A member starting or ending a session: every circle they are in hears it (most people are in
-- none, and the lookup is one index probe).
CREATE FUNCTION lockin_live_session_circles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lockin_live_circle(m.circle_id, NULL)
    FROM focus_circle_members m WHERE m.user_id = COALESCE(NEW.user_id, OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lockin_live_circle_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF COALESCE(NEW.circle_id, OLD.circle_id) IS NOT NULL THEN
    PERFORM lockin_live_circle(COALESCE(NEW.circle_id, OLD.circle_id), NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER focus_circle_members_live AFTER INSERT OR UPDATE OR DELETE ON focus_circle_members FOR EACH ROW EXECUTE FUNCTION lockin_live_circle_member();
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_live_circles AFTER INSERT OR DELETE ON lock_in_sessions FOR EACH ROW EXECUTE FUNCTION lockin_live_session_circles();
--> statement-breakpoint
CREATE TRIGGER lock_in_sessions_live_circles_update AFTER UPDATE ON lock_in_sessions FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION lockin_live_session_circles();
--> statement-breakpoint
CREATE TRIGGER focus_rooms_live_circle AFTER INSERT OR UPDATE OR DELETE ON focus_rooms FOR EACH ROW EXECUTE FUNCTION lockin_live_circle_room();
