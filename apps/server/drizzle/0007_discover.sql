CREATE TABLE "discover_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discover_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"request_id" text,
	"amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"release_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"unstake_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discover_records_amount_non_negative" CHECK ("discover_records"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"staked" numeric(78, 0) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_staked_non_negative" CHECK ("pledges"."staked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stage" integer NOT NULL,
	"emission" numeric(78, 0) NOT NULL,
	"computing_pool" numeric(78, 0) NOT NULL,
	"token_pool" numeric(78, 0) NOT NULL,
	"total_power" numeric(78, 0) DEFAULT '0' NOT NULL,
	"total_staked" numeric(78, 0) DEFAULT '0' NOT NULL,
	"issued" numeric(78, 0) DEFAULT '0' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"basis" numeric(78, 0) NOT NULL,
	"total_basis" numeric(78, 0) DEFAULT '0' NOT NULL,
	"reward" numeric(78, 0) DEFAULT '0' NOT NULL,
	"credited" boolean DEFAULT false NOT NULL,
	"receipt_id" bigint
);
--> statement-breakpoint
ALTER TABLE "discover_records" ADD CONSTRAINT "discover_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_shares" ADD CONSTRAINT "settlement_shares_day_settlement_runs_day_fk" FOREIGN KEY ("day") REFERENCES "public"."settlement_runs"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_shares" ADD CONSTRAINT "settlement_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_shares" ADD CONSTRAINT "settlement_shares_receipt_id_discover_records_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."discover_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discover_records_request_key" ON "discover_records" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discover_records_release_key" ON "discover_records" USING btree ("unstake_id");--> statement-breakpoint
CREATE INDEX "discover_records_user_idx" ON "discover_records" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "discover_records_cooling_idx" ON "discover_records" USING btree ("release_at") WHERE "discover_records"."kind" = 'unstake' AND "discover_records"."released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_shares_key" ON "settlement_shares" USING btree ("day","kind","user_id");--> statement-breakpoint
CREATE INDEX "settlement_shares_user_idx" ON "settlement_shares" USING btree ("user_id","kind","day");--> statement-breakpoint
CREATE INDEX "settlement_shares_uncredited_idx" ON "settlement_shares" USING btree ("day","kind","id") WHERE NOT "settlement_shares"."credited";--> statement-breakpoint
CREATE INDEX "settlement_shares_unclaimed_idx" ON "settlement_shares" USING btree ("user_id","kind") WHERE "settlement_shares"."credited" AND "settlement_shares"."receipt_id" IS NULL;