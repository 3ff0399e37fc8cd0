CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_kind_known" CHECK ("consents"."kind" in ('sensitive_data')),
	CONSTRAINT "consents_version_positive" CHECK ("consents"."version" > 0),
	CONSTRAINT "consents_withdrawn_after_given" CHECK ("consents"."withdrawn_at" is null or "consents"."withdrawn_at" >= "consents"."given_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "discreet" boolean;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "billing_descriptor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "discreet_default" boolean;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_one_standing" ON "consents" USING btree ("user_id","kind") WHERE "consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","given_at");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_billing_descriptor" CHECK (char_length("sites"."billing_descriptor") <= 22);