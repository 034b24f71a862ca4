CREATE TABLE "home_versions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_versions" ADD CONSTRAINT "home_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- data: Home's version moves on with every change of a row Home shows (docs/adr/2026-11-25-home-in-one-read.md)
CREATE FUNCTION home_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid bigint;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    uid := OLD.user_id;
  ELSE
    uid := NEW.user_id;
  END IF;
  -- a user being deleted (its rows go by cascade) has no Home left to move on
  INSERT INTO home_versions (user_id) SELECT id FROM users WHERE id = uid
  ON CONFLICT (user_id) DO UPDATE SET version = home_versions.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER home_version AFTER UPDATE OF birthday, gender, height, weight, stride, hr_zone, time_zone ON users
  FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE OR DELETE ON health_consents FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE OR DELETE ON health_goals FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE OR DELETE ON health_days FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE OR DELETE ON device_bindings FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE OR DELETE ON wallets FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE OR DELETE ON energy_days FOR EACH ROW EXECUTE FUNCTION home_version_bump();
--> statement-breakpoint
CREATE TRIGGER home_version AFTER INSERT OR UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION home_version_bump();
