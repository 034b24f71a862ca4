ALTER TABLE "articles" ADD COLUMN "seed_version" text;--> statement-breakpoint
ALTER TABLE "shop_goods" ADD COLUMN "seed_version" text;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD COLUMN "seed_version" text;