ALTER TABLE "discount_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "languages" text[] DEFAULT '{en,nl,de,it,fr,es,pl,da,fi,nb,sv}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "fictional_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_max_uses" CHECK ("discount_codes"."max_uses" is null or "discount_codes"."max_uses" > 0);--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_window" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."expires" is null or "discount_codes"."expires" > "discount_codes"."starts_at");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_languages_served" CHECK (cardinality("sites"."languages") >= 1 and "sites"."domain_language" = any("sites"."languages"));