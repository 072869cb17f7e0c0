-- Trust II (#41): a device's sync windows (offline sessions may only start from its latest stamps),
-- the mark that keeps checkouts away from an account being deleted, the once-per-account visitor
-- history import, the demo trial's 'ends in three days' mail, and which sign-in each push subscription
-- belongs to ('Sign out of all other devices').
ALTER TABLE "sessions" ADD COLUMN "sync_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_sync_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "local_history_imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ending_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" text;
