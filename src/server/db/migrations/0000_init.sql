CREATE TABLE "photos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'disabled' NOT NULL,
	"gender" text NOT NULL,
	"seeking_gender" text,
	"sexuality" text,
	"birth_date" date NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"city" text,
	"niche" smallint DEFAULT 1 NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"hair_color" text,
	"eye_color" text,
	"body_type" text,
	"relationship_status" text,
	"tattoos" text,
	"signup_reason" text,
	"fictional" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'not_confirmed' NOT NULL,
	"language" text NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"notifications_disabled" text[] DEFAULT '{}'::text[] NOT NULL,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"signup_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_nonneg" CHECK ("users"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" text[] DEFAULT '{}'::text[] NOT NULL,
	"vat_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" integer DEFAULT 25 NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"index_title" text NOT NULL,
	"description" text NOT NULL,
	"domain_language" text NOT NULL,
	"cdn_prefix" text DEFAULT '' NOT NULL,
	"niche" smallint DEFAULT 1 NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"visible_profile_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"visible_profile_notes" boolean DEFAULT true NOT NULL,
	"search_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"message_credits" integer NOT NULL,
	"photo_credits" integer NOT NULL,
	"gift_credits" integer NOT NULL,
	"signup_credits" integer NOT NULL,
	"message_length" integer NOT NULL,
	"minimum_message_costs" jsonb NOT NULL,
	"support_email" text NOT NULL,
	"support_phone" text NOT NULL,
	"enable_site_entry_popup" text DEFAULT 'yes' NOT NULL,
	"fictional_icon" text DEFAULT 'stars' NOT NULL,
	"refund_days" integer NOT NULL,
	"signups" text DEFAULT 'all' NOT NULL,
	"logged_out_search" text DEFAULT 'all' NOT NULL,
	"logged_out_search_trafficsource" text DEFAULT 'all' NOT NULL,
	"member_resell" boolean DEFAULT false NOT NULL,
	"company_id" integer NOT NULL,
	"mail_name" text NOT NULL,
	"min_age" integer DEFAULT 18 NOT NULL,
	"us_footer" boolean DEFAULT false NOT NULL,
	"welcome_discount_hours" integer DEFAULT 48 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_domain_unique" UNIQUE("domain"),
	CONSTRAINT "sites_niche_range" CHECK ("sites"."niche" between 1 and 7),
	CONSTRAINT "sites_domain_lower" CHECK ("sites"."domain" = lower("sites"."domain")),
	CONSTRAINT "sites_credits_nonneg" CHECK ("sites"."message_credits" >= 0 and "sites"."photo_credits" >= 0 and "sites"."gift_credits" >= 0 and "sites"."signup_credits" >= 0),
	CONSTRAINT "sites_min_age" CHECK ("sites"."min_age" >= 18)
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_one_main_per_user" ON "photos" USING btree ("user_id") WHERE "photos"."is_main";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("status","gender","country","birth_date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");