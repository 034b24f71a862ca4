ALTER TABLE "users" ADD COLUMN "lang" text DEFAULT 'zh-cn' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_alert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "lang" text;--> statement-breakpoint
CREATE INDEX "login_attempts_ok_idx" ON "login_attempts" USING btree ("account_key","ip","created_at") WHERE ok;-- data:
-- Existing accounts take the spec's default language, zh-CN (the column default above): no request
-- language was stored before. A live session's first request then records its `lang` (sessions.lang
-- starts NULL), so an account in use gets its real language on its next request.
