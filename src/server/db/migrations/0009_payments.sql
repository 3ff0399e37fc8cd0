CREATE TABLE "catalog_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"credits" integer NOT NULL,
	"style" text NOT NULL,
	"sort" smallint NOT NULL,
	"best_value" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "catalog_bundles_credits_pos" CHECK ("catalog_bundles"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_prices" (
	"bundle_id" integer NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	CONSTRAINT "catalog_prices_bundle_id_country_pk" PRIMARY KEY("bundle_id","country"),
	CONSTRAINT "catalog_prices_amount_pos" CHECK ("catalog_prices"."amount_minor" > 0),
	CONSTRAINT "catalog_prices_vat_range" CHECK ("catalog_prices"."vat_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bundle_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"method" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"vat_minor" integer NOT NULL,
	"credits" integer NOT NULL,
	"country" text NOT NULL,
	"sequence_type" text DEFAULT 'oneoff' NOT NULL,
	"checkout_url" text,
	"mandate_id" text,
	"credits_reversed" integer DEFAULT 0 NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"charged_back_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"check_after" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_pos" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_reversed_range" CHECK ("payments"."credits_reversed" between 0 and "payments"."credits")
);
--> statement-breakpoint
CREATE TABLE "test_provider_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"method" text,
	"metadata" jsonb NOT NULL,
	"redirect_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"sequence_type" text NOT NULL,
	"customer_id" text,
	"mandate_id" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"charged_back_minor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_prices" ADD CONSTRAINT "catalog_prices_bundle_id_catalog_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."catalog_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bundle_id_catalog_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."catalog_bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_bundles_code_unique" ON "catalog_bundles" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_unique" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_recheck_idx" ON "payments" USING btree ("check_after") WHERE "payments"."status" in ('open', 'pending', 'authorized');