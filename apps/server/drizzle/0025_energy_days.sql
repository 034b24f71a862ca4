CREATE TABLE "energy_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"credited" numeric(78, 0) NOT NULL,
	CONSTRAINT "energy_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "energy_days" ADD CONSTRAINT "energy_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
-- data: each user-day's energy credited so far, from the ledger's energy postings
INSERT INTO "energy_days" ("user_id", "day", "credited")
SELECT a.user_id, (p.memo->>'day')::date, sum(e.amount)
FROM "ledger_entries" e
JOIN "ledger_accounts" a ON a.id = e.account_id
JOIN "ledger_postings" p ON p.id = e.posting_id
WHERE p.kind = 'energy' AND e.asset = 'energy' AND a.user_id IS NOT NULL
GROUP BY a.user_id, (p.memo->>'day')::date;
