CREATE TABLE "profile_visits" (
	"visited_id" bigint NOT NULL,
	"visitor_id" bigint NOT NULL,
	"day" date NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_visits_visited_id_visitor_id_day_pk" PRIMARY KEY("visited_id","visitor_id","day"),
	CONSTRAINT "profile_visits_not_self" CHECK ("profile_visits"."visitor_id" <> "profile_visits"."visited_id")
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_source";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "ended_by" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "safety_flag" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "leave_visits" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visited_id_users_id_fk" FOREIGN KEY ("visited_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_visitor_id_users_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_visits_visited_idx" ON "profile_visits" USING btree ("visited_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_visits_day_idx" ON "profile_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "profile_visits_visitor_idx" ON "profile_visits" USING btree ("visitor_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_safety_flag" CHECK ("messages"."safety_flag" in ('link', 'phone', 'email', 'scam'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_source" CHECK ("reports"."source" in ('chat', 'profile', 'photo', 'complaint', 'automated'));