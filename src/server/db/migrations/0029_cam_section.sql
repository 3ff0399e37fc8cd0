ALTER TABLE "profiles" ADD COLUMN "kind" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "kind" = 'fictional' WHERE "fictional";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "fictional" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" drop column "fictional";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "fictional" boolean GENERATED ALWAYS AS (kind = 'fictional') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "resell_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "cams_in_search" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_cams_idx" ON "profiles" USING btree ("niche","last_active_at" DESC NULLS FIRST,"user_id") WHERE "profiles"."kind" in ('cam', 'resell');--> statement-breakpoint
CREATE INDEX "users_resell_idx" ON "users" USING btree ("site_id") WHERE "users"."resell_consent_at" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_kind" CHECK ("profiles"."kind" in ('member', 'fictional', 'cam', 'resell'));--> statement-breakpoint
-- Profiles the staff keep (kind other than 'member') never sign in as members: their account has no password and
-- no member session can be made for it, whatever code path asks (docs/decisions.md "Cam section").
CREATE FUNCTION staff_kept_profile_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'profiles' THEN
    IF NEW.kind <> 'member' AND EXISTS (
      SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.password_hash IS NOT NULL
    ) THEN
      RAISE EXCEPTION 'a % profile cannot belong to an account with a password', NEW.kind
        USING ERRCODE = 'check_violation';
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    IF NEW.password_hash IS NOT NULL AND EXISTS (
      SELECT 1 FROM profiles p WHERE p.user_id = NEW.id AND p.kind <> 'member'
    ) THEN
      RAISE EXCEPTION 'the account of a staff-kept profile cannot have a password' USING ERRCODE = 'check_violation';
    END IF;
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    IF EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = NEW.user_id AND p.kind <> 'member') THEN
      RAISE EXCEPTION 'a staff-kept profile cannot sign in' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_staff_kept_guard BEFORE INSERT OR UPDATE OF kind ON profiles
  FOR EACH ROW EXECUTE FUNCTION staff_kept_profile_guard();--> statement-breakpoint
CREATE TRIGGER users_staff_kept_guard BEFORE UPDATE OF password_hash ON users
  FOR EACH ROW EXECUTE FUNCTION staff_kept_profile_guard();--> statement-breakpoint
CREATE TRIGGER sessions_staff_kept_guard BEFORE INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION staff_kept_profile_guard();
