ALTER TABLE "health_days" ADD COLUMN "import_steps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "health_days" ADD COLUMN "import_distance_m" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "health_days" ADD COLUMN "import_active_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "health_days" ADD COLUMN "import_met_minutes" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "health_days" ADD COLUMN "restored" boolean DEFAULT false NOT NULL;