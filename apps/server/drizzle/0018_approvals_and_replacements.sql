CREATE TABLE "chain_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"owner" text NOT NULL,
	"token" text NOT NULL,
	"spender" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "replaced_by" text;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD COLUMN "replace_kind" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_approvals_key" ON "chain_approvals" USING btree ("chain_id","hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_approvals_owner_idx" ON "chain_approvals" USING btree ("chain_id","owner");