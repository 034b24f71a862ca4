-- Hand-written (issue 23, docs/adr/2026-11-25-raw-retention.md): the raw samples become native
-- range partitions by UTC day of `t`. Drizzle models no partitioning (the tables' columns and
-- keys are unchanged, so generate has nothing to say): ALL of this migration is hand-written and
-- stays in this one file. The partitions after these are made and dropped by the job
-- `health.partitions` (features/health/partitions.repo.ts); a row with no partition of its day
-- lands in the table's DEFAULT partition, which that job empties into the day's partition.
ALTER TABLE "hr_samples" RENAME TO "hr_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "hr_samples_unpartitioned" RENAME CONSTRAINT "hr_samples_user_id_t_pk" TO "hr_samples_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "hr_samples_unpartitioned" RENAME CONSTRAINT "hr_samples_user_id_users_id_fk" TO "hr_samples_unpartitioned_fk";--> statement-breakpoint
CREATE TABLE "hr_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"bpm" smallint NOT NULL,
	CONSTRAINT "hr_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
) PARTITION BY RANGE ("t");--> statement-breakpoint
ALTER TABLE "hr_samples" ADD CONSTRAINT "hr_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "hr_samples_default" PARTITION OF "hr_samples" DEFAULT;--> statement-breakpoint
ALTER TABLE "step_samples" RENAME TO "step_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "step_samples_unpartitioned" RENAME CONSTRAINT "step_samples_user_id_t_pk" TO "step_samples_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "step_samples_unpartitioned" RENAME CONSTRAINT "step_samples_user_id_users_id_fk" TO "step_samples_unpartitioned_fk";--> statement-breakpoint
CREATE TABLE "step_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"count" smallint NOT NULL,
	CONSTRAINT "step_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
) PARTITION BY RANGE ("t");--> statement-breakpoint
ALTER TABLE "step_samples" ADD CONSTRAINT "step_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "step_samples_default" PARTITION OF "step_samples" DEFAULT;--> statement-breakpoint
ALTER TABLE "bp_samples" RENAME TO "bp_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "bp_samples_unpartitioned" RENAME CONSTRAINT "bp_samples_user_id_t_pk" TO "bp_samples_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "bp_samples_unpartitioned" RENAME CONSTRAINT "bp_samples_user_id_users_id_fk" TO "bp_samples_unpartitioned_fk";--> statement-breakpoint
CREATE TABLE "bp_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"systolic" smallint NOT NULL,
	"diastolic" smallint NOT NULL,
	CONSTRAINT "bp_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
) PARTITION BY RANGE ("t");--> statement-breakpoint
ALTER TABLE "bp_samples" ADD CONSTRAINT "bp_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "bp_samples_default" PARTITION OF "bp_samples" DEFAULT;--> statement-breakpoint
ALTER TABLE "spo2_samples" RENAME TO "spo2_samples_unpartitioned";--> statement-breakpoint
ALTER TABLE "spo2_samples_unpartitioned" RENAME CONSTRAINT "spo2_samples_user_id_t_pk" TO "spo2_samples_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "spo2_samples_unpartitioned" RENAME CONSTRAINT "spo2_samples_user_id_users_id_fk" TO "spo2_samples_unpartitioned_fk";--> statement-breakpoint
CREATE TABLE "spo2_samples" (
	"user_id" bigint NOT NULL,
	"t" timestamp with time zone NOT NULL,
	"percent" smallint NOT NULL,
	CONSTRAINT "spo2_samples_user_id_t_pk" PRIMARY KEY("user_id","t")
) PARTITION BY RANGE ("t");--> statement-breakpoint
ALTER TABLE "spo2_samples" ADD CONSTRAINT "spo2_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "spo2_samples_default" PARTITION OF "spo2_samples" DEFAULT;--> statement-breakpoint
-- data: one partition per UTC day the old rows touch, and yesterday to a week ahead; then the
-- rows move and the unpartitioned tables go. Days past RAW_RETENTION_DAYS are dropped by the
-- job's first run (at start), which this migration cannot know.
DO $$
DECLARE
	tbl text;
	d date;
BEGIN
	FOREACH tbl IN ARRAY ARRAY['hr_samples', 'step_samples', 'bp_samples', 'spo2_samples'] LOOP
		FOR d IN EXECUTE format(
			'SELECT DISTINCT (t AT TIME ZONE ''UTC'')::date FROM %I
			 UNION SELECT generate_series((now() AT TIME ZONE ''UTC'')::date - 1, (now() AT TIME ZONE ''UTC'')::date + 7, interval ''1 day'')::date',
			tbl || '_unpartitioned')
		LOOP
			EXECUTE format(
				'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
				tbl || '_p' || to_char(d, 'YYYYMMDD'), tbl, d::text || ' 00:00:00+00', (d + 1)::text || ' 00:00:00+00');
		END LOOP;
		EXECUTE format('INSERT INTO %I SELECT * FROM %I', tbl, tbl || '_unpartitioned');
		EXECUTE format('DROP TABLE %I', tbl || '_unpartitioned');
	END LOOP;
END
$$;
