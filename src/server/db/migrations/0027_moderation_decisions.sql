CREATE TABLE "moderation_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"decision_id" bigint NOT NULL,
	"member_id" bigint,
	"statement" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_appeals_status" CHECK ("moderation_appeals"."status" in ('open', 'upheld', 'reversed')),
	CONSTRAINT "moderation_appeals_decided" CHECK (("moderation_appeals"."status" = 'open') = ("moderation_appeals"."decided_at" is null) and ("moderation_appeals"."status" = 'open') = ("moderation_appeals"."decided_by" is null))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint,
	"site_id" integer,
	"staff_id" bigint,
	"kind" text NOT NULL,
	"ground_type" text NOT NULL,
	"ground_ref" text NOT NULL,
	"facts" text NOT NULL,
	"automated" boolean NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"until" timestamp with time zone,
	"report_id" bigint,
	"appeal_deadline" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_decisions_kind" CHECK ("moderation_decisions"."kind" in ('warning', 'photo_hidden', 'photo_rejected', 'message_removed', 'suspension', 'ban', 'visibility_reduced')),
	CONSTRAINT "moderation_decisions_ground_type" CHECK ("moderation_decisions"."ground_type" in ('law', 'terms')),
	CONSTRAINT "moderation_decisions_suspension_until" CHECK ("moderation_decisions"."kind" <> 'suspension' or "moderation_decisions"."until" is not null),
	CONSTRAINT "moderation_decisions_facts" CHECK (length("moderation_decisions"."facts") > 0),
	CONSTRAINT "moderation_decisions_human_or_automated" CHECK ("moderation_decisions"."staff_id" is not null or "moderation_decisions"."automated")
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reason";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reporter_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reported_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reported_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "site_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_email" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_language" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "target" text DEFAULT 'profile' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "photo_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "good_faith" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handled_by" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "decision_id" bigint;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decision_id_moderation_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."moderation_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_decision_unique" ON "moderation_appeals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_open_idx" ON "moderation_appeals" USING btree ("created_at") WHERE "moderation_appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_decisions_member_idx" ON "moderation_decisions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_created_idx" ON "moderation_decisions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_restriction_end_idx" ON "users" USING btree ("suspended_until","hidden_until") WHERE "users"."suspended_until" is not null or "users"."hidden_until" is not null;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_source" CHECK ("reports"."source" in ('chat', 'profile', 'photo', 'complaint'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target" CHECK ("reports"."target" in ('profile', 'photo', 'message', 'url'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status" CHECK ("reports"."status" in ('open', 'handled'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_handled" CHECK (("reports"."status" = 'open') = ("reports"."handled_at" is null) and ("reports"."status" = 'open') = ("reports"."resolution" is null));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolution" CHECK ("reports"."resolution" in ('dismissed', 'actioned'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('spam', 'scam', 'harassment', 'minor', 'fake', 'other', 'illegal', 'copyright', 'privacy', 'nudity'));--> statement-breakpoint
-- An appeal is decided by a person other than the first decider (DSA Art. 20(6)), and once decided it stays so.
CREATE FUNCTION moderation_appeal_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'open' THEN
    RAISE EXCEPTION 'moderation appeal % is already decided', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.decided_by IS NOT NULL AND NEW.decided_by = (
    SELECT staff_id FROM moderation_decisions WHERE id = NEW.decision_id
  ) THEN
    RAISE EXCEPTION 'moderation appeal % cannot be decided by the first decider', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER moderation_appeals_guard BEFORE UPDATE ON moderation_appeals
  FOR EACH ROW EXECUTE FUNCTION moderation_appeal_guard();
