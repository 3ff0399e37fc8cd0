-- Building it reads every searchable profile (about 1 s per million here): longer than the app pool's statement timeout
-- on a large database. Writes to profiles wait while it builds (docs/operations.md).
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE INDEX "profiles_search_country_gender_idx" ON "profiles" USING btree ("niche","country","gender","last_active_at" DESC NULLS FIRST,"user_id","birth_date") WHERE "profiles"."searchable";
