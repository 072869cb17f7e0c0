-- Fair streaks (issue #50): each session keeps the zone it was recorded in, sessions from a file this
-- server did not sign are marked imported, and rest days are kept with the day each setting took effect.
CREATE TABLE "rest_day_settings" (
	"user_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"weekdays" smallint NOT NULL,
	CONSTRAINT "rest_day_settings_user_id_effective_from_pk" PRIMARY KEY("user_id","effective_from"),
	CONSTRAINT "rest_day_settings_weekdays_check" CHECK ("rest_day_settings"."weekdays" between 0 and 127)
);
--> statement-breakpoint
ALTER TABLE "lock_in_sessions" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- Sessions recorded before zones were kept take the zone their owner has now: the days they were
-- counted on until today.
UPDATE "lock_in_sessions" s SET "time_zone" = z.tz
  FROM (SELECT id, insights_zone(time_zone) AS tz FROM "users") z WHERE z.id = s.user_id;--> statement-breakpoint
ALTER TABLE "lock_in_sessions" ALTER COLUMN "time_zone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lock_in_sessions" ADD COLUMN "imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rest_day_settings" ADD CONSTRAINT "rest_day_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;