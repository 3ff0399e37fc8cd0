-- Members in the staff console (issue 22, point 6): a staff credit adjustment names its staff member and reason on
-- its ledger row (a CHECK ties both to reason staff_adjustment), and the staff search finds an e-mail address or a
-- name by its beginning through pattern indexes.
ALTER TABLE "credit_ledger" ADD COLUMN "staff_id" bigint;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_name_prefix_idx" ON "profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_staff_adjustment" CHECK (("credit_ledger"."reason" = 'staff_adjustment') = ("credit_ledger"."staff_id" is not null and coalesce(length("credit_ledger"."note"), 0) > 0));