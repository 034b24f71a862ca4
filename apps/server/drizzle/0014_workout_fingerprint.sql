CREATE TABLE "energy_reviews" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"ticket_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "energy_reviews_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "energy_reviews" ADD CONSTRAINT "energy_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workouts_user_fingerprint_idx" ON "workouts" USING btree ("user_id","fingerprint");--> statement-breakpoint
-- data: fingerprints of the imported workouts stored before them (health's plausibility.ts `fingerprint`, in SQL)
UPDATE "workouts" SET "fingerprint" = md5(
  "type" || ':' || round(extract(epoch FROM "end_at" - "start_at") / 60) || ':' || round("distance_m" / 10.0) || ':' ||
  array_to_string(ARRAY(SELECT u.b / 2 FROM unnest("hr_series") WITH ORDINALITY AS u(b, i) ORDER BY u.i), ','))
WHERE "hr_series" IS NOT NULL AND (SELECT count(*) FROM unnest("hr_series") AS b WHERE b > 0) >= 5;
