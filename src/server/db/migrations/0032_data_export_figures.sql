-- Data export (issue 23 point 2, issue 22 point 6): data_exports, the member's zip prepared by a job and kept until it
-- expires. Figures (issue 22 point 9): traffic_visits (visits with tracking parameters, counted per day, no personal
-- data) and the indexes the per-day counts read (users by site and signup/confirmation, payments by paid_at, a BRIN
-- on messages.created_at).
CREATE TABLE "data_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"requested_by_staff_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_ready_has_file" CHECK ("data_exports"."status" <> 'ready' or ("data_exports"."storage_key" is not null and "data_exports"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "traffic_visits" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"sub2" text DEFAULT '' NOT NULL,
	"sub3" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "traffic_visits_site_id_day_network_ref_sub1_sub2_sub3_pk" PRIMARY KEY("site_id","day","network","ref","sub1","sub2","sub3"),
	CONSTRAINT "traffic_visits_positive" CHECK ("traffic_visits"."visits" > 0)
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_staff_id_staff_accounts_id_fk" FOREIGN KEY ("requested_by_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_visits" ADD CONSTRAINT "traffic_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_member_pending_unique" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'pending' and "data_exports"."requested_by_staff_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_storage_key_unique" ON "data_exports" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_exports_due_idx" ON "data_exports" USING btree ("locked_until") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "messages_created_brin" ON "messages" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "users_site_signup_idx" ON "users" USING btree ("site_id","signup_date");--> statement-breakpoint
CREATE INDEX "users_site_confirmed_idx" ON "users" USING btree ("site_id","email_confirmed_at") WHERE "users"."email_confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."paid_at" is not null;