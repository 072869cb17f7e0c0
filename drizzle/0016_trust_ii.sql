-- Trust II (#41): a device's sync windows (offline sessions may only start from its latest stamps),
-- the mark that keeps checkouts away from an account being deleted, the once-per-account visitor
-- history import, the demo trial's 'ends in three days' mail, and which sign-in each push subscription
-- belongs to ('Sign out of all other devices'); and (#42) the sites a browser extension blocks, its
-- mode, and the extensions' own credentials.
CREATE TABLE "blocked_sites" (
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_sites_user_id_domain_pk" PRIMARY KEY("user_id","domain")
);
--> statement-breakpoint
CREATE TABLE "extension_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sync_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_sync_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "site_block_mode" text DEFAULT 'block_listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "local_history_imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ending_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "blocked_sites" ADD CONSTRAINT "blocked_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_tokens" ADD CONSTRAINT "extension_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extension_tokens_hash_idx" ON "extension_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "extension_tokens_user_idx" ON "extension_tokens" USING btree ("user_id");
