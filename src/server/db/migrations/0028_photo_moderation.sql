ALTER TABLE "photos" ADD COLUMN "screening" text DEFAULT 'skipped' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "review" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "nsfw_scores" jsonb;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "screened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "screen_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reviewed_by" bigint;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "reject_note" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "photo_review" text DEFAULT 'before' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "photo_explicit_threshold" smallint DEFAULT 60 NOT NULL;--> statement-breakpoint
UPDATE "photos" SET "status" = 'pending' WHERE "status" NOT IN ('pending', 'active', 'rejected');--> statement-breakpoint
UPDATE "photos" SET "review" = 'rejected', "reject_reason" = 'other', "is_main" = false WHERE "status" = 'rejected';--> statement-breakpoint
UPDATE "photos" SET "review" = 'queued' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_reviewed_by_staff_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_review_queue_idx" ON "photos" USING btree ("created_at","id") WHERE "photos"."review" = 'queued';--> statement-breakpoint
CREATE INDEX "photos_screening_waiting_idx" ON "photos" USING btree ("id") WHERE "photos"."screening" = 'waiting';--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_status_known" CHECK ("photos"."status" in ('pending', 'active', 'rejected'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_screening_known" CHECK ("photos"."screening" in ('waiting', 'scored', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_review_known" CHECK ("photos"."review" in ('none', 'queued', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_rejected_consistent" CHECK (("photos"."status" = 'rejected') = ("photos"."review" = 'rejected'));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_reject_reason_known" CHECK (("photos"."review" = 'rejected') = ("photos"."reject_reason" is not null) and ("photos"."reject_reason" is null or "photos"."reject_reason" in ('not_a_person', 'explicit', 'not_you', 'minor', 'copyright', 'other')));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_rejected_not_main" CHECK (not ("photos"."status" = 'rejected' and "photos"."is_main"));--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_waiting_not_public" CHECK ("photos"."screening" <> 'waiting' or "photos"."status" = 'pending');--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_flagged_not_public" CHECK (not ("photos"."flagged" and "photos"."status" = 'active' and "photos"."review" <> 'approved'));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_photo_review_known" CHECK ("sites"."photo_review" in ('before', 'after'));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_photo_explicit_threshold" CHECK ("sites"."photo_explicit_threshold" between 1 and 100);