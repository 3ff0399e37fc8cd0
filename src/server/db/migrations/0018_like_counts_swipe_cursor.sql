CREATE TABLE "swipe_cursors" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"member_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "like_counts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"unseen" integer DEFAULT 0 NOT NULL,
	"given" integer DEFAULT 0 NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "swipe_cursors" ADD CONSTRAINT "swipe_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "like_counts" ADD CONSTRAINT "like_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts read every like once (about a minute for 20 million): longer than the app pool's statement timeout.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
SET LOCAL work_mem = '64MB';--> statement-breakpoint
-- Blocking deletes the likes between the two members both ways (under the pair lock, so none can come back); any
-- left from before are deleted here too, so that the counts below are exactly what the likes lists show.
DELETE FROM "likes" AS l USING "blocks" AS b WHERE l."liker_id" = b."blocker_id" AND l."liked_id" = b."blocked_id";--> statement-breakpoint
DELETE FROM "likes" AS l USING "blocks" AS b WHERE l."liker_id" = b."blocked_id" AND l."liked_id" = b."blocker_id";--> statement-breakpoint
-- matched_at is set on both rows of a pair and cleared on the remaining one when a like is taken back; clear any
-- left on a like whose pair is gone, so that it says a match exactly when the matches tab shows one.
UPDATE "likes" AS l SET "matched_at" = NULL WHERE l."matched_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "likes" AS r WHERE r."liker_id" = l."liked_id" AND r."liked_id" = l."liker_id");--> statement-breakpoint
-- The counts as the lists count them: a like counts for a member while the other member is listed (searchable).
INSERT INTO "like_counts" ("user_id", "received", "unseen", "given", "matches")
SELECT c."user_id", sum(c."received"), sum(c."unseen"), sum(c."given"), sum(c."matches") FROM (
  SELECT l."liked_id" AS "user_id", count(*) AS "received", count(*) FILTER (WHERE l."seen_at" IS NULL) AS "unseen",
         0 AS "given", 0 AS "matches"
  FROM "likes" AS l JOIN "profiles" AS p ON p."user_id" = l."liker_id" AND p."searchable"
  GROUP BY l."liked_id"
  UNION ALL
  SELECT l."liker_id", 0, 0, count(*), count(*) FILTER (WHERE l."matched_at" IS NOT NULL)
  FROM "likes" AS l JOIN "profiles" AS p ON p."user_id" = l."liked_id" AND p."searchable"
  GROUP BY l."liker_id"
) AS c
GROUP BY c."user_id";
