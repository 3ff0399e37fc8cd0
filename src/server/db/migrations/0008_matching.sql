CREATE TABLE "match_preferences" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"gender" text,
	"min_age" smallint NOT NULL,
	"max_age" smallint NOT NULL,
	"area" text NOT NULL,
	"radius_km" smallint NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_preferences_ages" CHECK ("match_preferences"."min_age" <= "match_preferences"."max_age")
);
--> statement-breakpoint
CREATE TABLE "swipe_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"likes" smallint NOT NULL,
	CONSTRAINT "swipe_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "swipe_days_likes_nonneg" CHECK ("swipe_days"."likes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swipe_passes" (
	"user_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_passes_user_id_member_id_pk" PRIMARY KEY("user_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "likes" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_preferences" ADD CONSTRAINT "match_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_days" ADD CONSTRAINT "swipe_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_passes" ADD CONSTRAINT "swipe_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_passes" ADD CONSTRAINT "swipe_passes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swipe_passes_created_idx" ON "swipe_passes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "swipe_passes_member_idx" ON "swipe_passes" USING btree ("member_id");