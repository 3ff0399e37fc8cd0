-- The swipe deck deals near first (own region, own country, everywhere: matching.repo deckWalks), so a place in its
-- order starts with the distance band. The places kept were in the old order (activity only): every deck starts
-- from the top again once (the members swiped are still left out).
DELETE FROM "swipe_cursors";--> statement-breakpoint
ALTER TABLE "swipe_cursors" ADD COLUMN "band" smallint NOT NULL;
