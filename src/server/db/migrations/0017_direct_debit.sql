CREATE TABLE "direct_debit_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bundle_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"list_amount_minor" integer NOT NULL,
	"discount_code" text,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"country" text NOT NULL,
	"account_holder" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"zip" text NOT NULL,
	"city" text NOT NULL,
	"iban_masked" text NOT NULL,
	"iban_binding" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"mandate_reference" text NOT NULL,
	"mandate_id" text,
	"payment_id" bigint,
	"debit_date" text,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "direct_debit_requests_counts" CHECK ("direct_debit_requests"."attempts" >= 0 and "direct_debit_requests"."sends" >= 1),
	CONSTRAINT "direct_debit_requests_amount_pos" CHECK ("direct_debit_requests"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_provider_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"mandate_reference" text NOT NULL,
	"consumer_name" text NOT NULL,
	"account_masked" text NOT NULL,
	"signature_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sepa_creditor_name" text DEFAULT 'Stichting Mollie Payments' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sepa_creditor_id" text DEFAULT 'NL08ZZZ502057730000' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "direct_debit_limit_minor" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_bundle_id_catalog_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."catalog_bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_requests_token_unique" ON "direct_debit_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_debit_requests_reference_unique" ON "direct_debit_requests" USING btree ("mandate_reference");--> statement-breakpoint
CREATE INDEX "direct_debit_requests_user_idx" ON "direct_debit_requests" USING btree ("user_id","created_at");