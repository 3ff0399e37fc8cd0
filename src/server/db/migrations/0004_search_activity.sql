-- The backfill rewrites every profile: not bound by the pool's 15 s statement_timeout (migrations run in one transaction).
SET LOCAL statement_timeout = 0;--> statement-breakpoint
DROP INDEX "profiles_search_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_age_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "searchable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "last_active_at" = u."last_active_at", "searchable" = (u."status" = 'active' AND "profiles"."status" = 'active' AND NOT "profiles"."invisible") FROM "users" u WHERE u."id" = "profiles"."user_id";--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("niche","country","last_active_at" DESC NULLS FIRST,"user_id","gender","birth_date") WHERE "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("niche","country","region","last_active_at" DESC NULLS FIRST,"user_id","gender","birth_date") WHERE "profiles"."searchable";--> statement-breakpoint
CREATE INDEX "profiles_search_age_idx" ON "profiles" USING btree ("niche","last_active_at" DESC NULLS FIRST,"user_id","gender","birth_date") WHERE "profiles"."searchable";