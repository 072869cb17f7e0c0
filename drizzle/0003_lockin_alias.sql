ALTER TABLE "lock_in_sessions" ADD COLUMN "alias_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lock_in_sessions_user_alias_idx" ON "lock_in_sessions" USING btree ("user_id","alias_id");