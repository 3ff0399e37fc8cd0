-- The chargeback scan (payments/reversal-checks.ts): where the scan of Mollie's chargebacks stopped, so each is handled
-- once; and the refunded or charged-back payments it fetches again, in case the money comes back.
CREATE TABLE "payment_provider_cursors" (
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"last_id" text,
	"last_created_at" timestamp with time zone,
	"leased_until" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_cursors_provider_name_pk" PRIMARY KEY("provider","name")
);
--> statement-breakpoint
CREATE INDEX "payments_reversal_recheck_idx" ON "payments" USING btree ("check_after") WHERE "payments"."status" in ('paid', 'refunded', 'charged_back') and ("payments"."refunded_minor" > 0 or "payments"."charged_back_minor" > 0);