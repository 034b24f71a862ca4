CREATE TABLE "read_versions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"home" bigint DEFAULT 1 NOT NULL,
	"wallet" bigint DEFAULT 1 NOT NULL,
	"discover" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "read_versions" ADD CONSTRAINT "read_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- data: the read versions move on at commit (deferred constraint triggers), so the version row is
-- locked last in its transaction: a transaction holding a user's row lock (a wallet's) and one
-- holding the user's version while waiting for that row (a credit's key share) cannot deadlock
-- (docs/adr/2026-11-25-read-versions.md). They replace Home's triggers of 0026.
CREATE FUNCTION read_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  uid bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    uid := changed.id;
  ELSIF TG_TABLE_NAME = 'wallet_coins' THEN
    SELECT user_id INTO uid FROM wallets WHERE id = changed.wallet_id;
  ELSE
    uid := changed.user_id;
  END IF;
  -- a user being deleted (its rows go by cascade) has no reads left to move on
  INSERT INTO read_versions (user_id) SELECT id FROM users WHERE id = uid
  ON CONFLICT (user_id) DO UPDATE SET
    home = read_versions.home + ('home' = ANY (TG_ARGV))::int,
    wallet = read_versions.wallet + ('wallet' = ANY (TG_ARGV))::int,
    discover = read_versions.discover + ('discover' = ANY (TG_ARGV))::int;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION shared_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shared_versions (name) VALUES (TG_ARGV[0])
  ON CONFLICT (name) DO UPDATE SET version = shared_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER home_version ON users;
--> statement-breakpoint
DROP TRIGGER home_version ON health_consents;
--> statement-breakpoint
DROP TRIGGER home_version ON health_goals;
--> statement-breakpoint
DROP TRIGGER home_version ON health_days;
--> statement-breakpoint
DROP TRIGGER home_version ON device_bindings;
--> statement-breakpoint
DROP TRIGGER home_version ON wallets;
--> statement-breakpoint
DROP TRIGGER home_version ON energy_days;
--> statement-breakpoint
DROP TRIGGER home_version ON ledger_accounts;
--> statement-breakpoint
DROP FUNCTION home_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER UPDATE OF birthday, gender, height, weight, stride, hr_zone, time_zone ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON health_consents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON health_goals
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON health_days
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON device_bindings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON energy_days
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON wallets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('home', 'wallet');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON wallet_coins
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('wallet');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION read_version_bump('home', 'discover');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON pledges
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('discover');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON discover_records
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('discover');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER read_version AFTER INSERT OR UPDATE OR DELETE ON settlement_shares
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION read_version_bump('discover');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shared_version AFTER INSERT OR UPDATE OR DELETE ON settlement_runs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION shared_version_bump('settlement');
