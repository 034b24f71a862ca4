CREATE TABLE "device_bind_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_bind_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_bindings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_code_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_code" text NOT NULL,
	"salt" text NOT NULL,
	"active_code_hash" text NOT NULL,
	"batch" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"binding_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bp_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"systolic" smallint NOT NULL,
	"diastolic" smallint NOT NULL,
	CONSTRAINT "bp_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
);
--> statement-breakpoint
CREATE TABLE "fitness_passes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fitness_passes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_consents" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"exercise" boolean DEFAULT false NOT NULL,
	"sleep" boolean DEFAULT false NOT NULL,
	"heart_rate" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"slow_minutes" integer DEFAULT 0 NOT NULL,
	"walk_minutes" integer DEFAULT 0 NOT NULL,
	"brisk_minutes" integer DEFAULT 0 NOT NULL,
	"run_minutes" integer DEFAULT 0 NOT NULL,
	"hr_sum" bigint DEFAULT 0 NOT NULL,
	"hr_count" integer DEFAULT 0 NOT NULL,
	"hr_min" smallint,
	"hr_max" smallint,
	"hr_resting" double precision,
	"sleep_awake_s" integer DEFAULT 0 NOT NULL,
	"sleep_light_s" integer DEFAULT 0 NOT NULL,
	"sleep_deep_s" integer DEFAULT 0 NOT NULL,
	"sleep_rem_s" integer DEFAULT 0 NOT NULL,
	"sleep_start" timestamp with time zone,
	"sleep_end" timestamp with time zone,
	"workouts" integer DEFAULT 0 NOT NULL,
	"workout_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "health_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "health_goals" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"step" integer NOT NULL,
	"calorie" integer NOT NULL,
	"distance" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_minutes" (
	"user_id" bigint NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"hr_sum" integer DEFAULT 0 NOT NULL,
	"hr_count" integer DEFAULT 0 NOT NULL,
	"hr_min" smallint,
	"hr_max" smallint,
	"steps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "health_minutes_user_id_minute_pk" PRIMARY KEY("user_id","minute")
);
--> statement-breakpoint
CREATE TABLE "hr_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"bpm" smallint NOT NULL,
	CONSTRAINT "hr_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"answers" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sleep_segments" (
	"user_id" bigint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"stage" text NOT NULL,
	CONSTRAINT "sleep_segments_user_id_start_at_pk" PRIMARY KEY("user_id","start_at")
);
--> statement-breakpoint
CREATE TABLE "spo2_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"percent" smallint NOT NULL,
	CONSTRAINT "spo2_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
);
--> statement-breakpoint
CREATE TABLE "step_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"count" smallint NOT NULL,
	CONSTRAINT "step_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"distance_m" integer DEFAULT 0 NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"hr_series" smallint[]
);
--> statement-breakpoint
ALTER TABLE "device_bind_failures" ADD CONSTRAINT "device_bind_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_device_code_id_device_codes_id_fk" FOREIGN KEY ("device_code_id") REFERENCES "public"."device_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_binding_id_device_bindings_id_fk" FOREIGN KEY ("binding_id") REFERENCES "public"."device_bindings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bp_samples" ADD CONSTRAINT "bp_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fitness_passes" ADD CONSTRAINT "fitness_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_consents" ADD CONSTRAINT "health_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_days" ADD CONSTRAINT "health_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_goals" ADD CONSTRAINT "health_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_minutes" ADD CONSTRAINT "health_minutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_samples" ADD CONSTRAINT "hr_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sleep_segments" ADD CONSTRAINT "sleep_segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spo2_samples" ADD CONSTRAINT "spo2_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_samples" ADD CONSTRAINT "step_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_bind_failures_user_idx" ON "device_bind_failures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_bindings_live_key" ON "device_bindings" USING btree ("device_code_id") WHERE unbound_at IS NULL;--> statement-breakpoint
CREATE INDEX "device_bindings_user_idx" ON "device_bindings" USING btree ("user_id","bound_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_codes_code_key" ON "device_codes" USING btree ("device_code");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_hash_key" ON "device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "fitness_passes_user_idx" ON "fitness_passes" USING btree ("user_id","valid_until");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_user_idx" ON "questionnaire_answers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workouts_user_start_key" ON "workouts" USING btree ("user_id","start_at");