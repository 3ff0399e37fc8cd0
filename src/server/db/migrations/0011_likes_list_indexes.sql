DROP INDEX "likes_received_idx";--> statement-breakpoint
DROP INDEX "likes_given_idx";--> statement-breakpoint
ALTER TABLE "likes" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
-- Existing matches: both rows get the time of the later like.
UPDATE "likes" AS l SET "matched_at" = greatest(l."created_at", r."created_at")
  FROM "likes" AS r WHERE r."liker_id" = l."liked_id" AND r."liked_id" = l."liker_id";--> statement-breakpoint
CREATE INDEX "likes_matches_idx" ON "likes" USING btree ("liker_id","matched_at" DESC NULLS FIRST,"liked_id" DESC NULLS FIRST) WHERE "likes"."matched_at" is not null;--> statement-breakpoint
CREATE INDEX "likes_received_idx" ON "likes" USING btree ("liked_id",("seen_at" is null) desc,"created_at" DESC NULLS FIRST,"liker_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "likes_given_idx" ON "likes" USING btree ("liker_id","created_at" DESC NULLS FIRST,"liked_id" DESC NULLS FIRST);