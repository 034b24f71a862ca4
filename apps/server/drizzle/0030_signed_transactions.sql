CREATE TABLE "signed_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "signed_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"sender" text NOT NULL,
	"nonce" integer NOT NULL,
	"hash" text NOT NULL,
	"raw" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"passed_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signed_transactions_hash_key" ON "signed_transactions" USING btree ("chain_id","hash");--> statement-breakpoint
CREATE INDEX "signed_transactions_purpose_idx" ON "signed_transactions" USING btree ("chain_id","purpose");--> statement-breakpoint
CREATE INDEX "signed_transactions_open_idx" ON "signed_transactions" USING btree ("chain_id","sender","nonce") WHERE "signed_transactions"."status" = 'open';