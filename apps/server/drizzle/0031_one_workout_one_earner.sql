CREATE TABLE "energy_holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"workout_id" bigint NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workout_claims" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"workout_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"watch" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_disputes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workout_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fingerprint" text NOT NULL,
	"held_workout_id" bigint NOT NULL,
	"frozen_workout_id" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"winner_workout_id" bigint,
	"decided_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "claim" text;--> statement-breakpoint
ALTER TABLE "energy_holds" ADD CONSTRAINT "energy_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_claims" ADD CONSTRAINT "workout_claims_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_claims" ADD CONSTRAINT "workout_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_disputes" ADD CONSTRAINT "workout_disputes_held_workout_id_workouts_id_fk" FOREIGN KEY ("held_workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_disputes" ADD CONSTRAINT "workout_disputes_frozen_workout_id_workouts_id_fk" FOREIGN KEY ("frozen_workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_holds_user_day_idx" ON "energy_holds" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "energy_holds_open_key" ON "energy_holds" USING btree ("workout_id") WHERE "energy_holds"."status" = 'open';--> statement-breakpoint
CREATE INDEX "workout_disputes_open_idx" ON "workout_disputes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "workout_disputes_print_idx" ON "workout_disputes" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "workouts_fingerprint_idx" ON "workouts" USING btree ("fingerprint");