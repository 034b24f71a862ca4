ALTER TABLE "push_subscriptions" ADD COLUMN "timeouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "parked_until" timestamp with time zone;