CREATE TABLE "knt_deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "knt_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"from_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"held_reason" text,
	"credited_to" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knt_deposits" ADD CONSTRAINT "knt_deposits_credited_to_users_id_fk" FOREIGN KEY ("credited_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knt_deposits_key" ON "knt_deposits" USING btree ("chain_id","hash","log_index");--> statement-breakpoint
CREATE INDEX "knt_deposits_from_idx" ON "knt_deposits" USING btree ("chain_id","from_address");--> statement-breakpoint
CREATE INDEX "knt_deposits_user_idx" ON "knt_deposits" USING btree ("credited_to");--> statement-breakpoint
CREATE INDEX "knt_deposits_held_idx" ON "knt_deposits" USING btree ("id") WHERE "knt_deposits"."status" = 'held';