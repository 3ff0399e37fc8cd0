CREATE TABLE "face_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"cause" text DEFAULT 'selfie' NOT NULL,
	"challenge" text NOT NULL,
	"status" text DEFAULT 'challenged' NOT NULL,
	"reason" text,
	"selfie_key" text,
	"photo_id" bigint,
	"distance" real,
	"descriptor" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	CONSTRAINT "face_verifications_status" CHECK ("face_verifications"."status" in ('challenged', 'checking', 'verified', 'review', 'rejected', 'expired')),
	CONSTRAINT "face_verifications_cause" CHECK ("face_verifications"."cause" in ('selfie', 'main_photo_changed'))
);
--> statement-breakpoint
CREATE TABLE "verified_members" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verification_id" bigint,
	"descriptor" real[] NOT NULL,
	"checked_photo_id" bigint,
	"suspended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "face_verifications" ADD CONSTRAINT "face_verifications_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_members" ADD CONSTRAINT "verified_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_members" ADD CONSTRAINT "verified_members_verification_id_face_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."face_verifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "face_verifications_user_idx" ON "face_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "face_verifications_open_idx" ON "face_verifications" USING btree ("status","id") WHERE "face_verifications"."status" in ('challenged', 'checking', 'review');