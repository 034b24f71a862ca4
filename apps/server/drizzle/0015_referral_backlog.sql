CREATE TABLE "earn_referral_backlog" (
	"invited_id" bigint PRIMARY KEY NOT NULL
);

--> statement-breakpoint
-- data:
-- Referral rewards used to be paid by reads (invite, history, balances, the store). Every invited
-- account whose reward no read paid yet is listed here once; earning's start-up step pays each
-- through the ledger (key `referral:<invited id>`, so never twice) and takes it off the list
-- (docs/adr/2026-11-24-credit-on-arrival.md). From now on the registration itself pays.
INSERT INTO earn_referral_backlog (invited_id)
SELECT u.id FROM users u
WHERE u.invited_by IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.idempotency_key = 'referral:' || u.id::text)
ON CONFLICT DO NOTHING;
