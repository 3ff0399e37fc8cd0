CREATE TABLE "flexpay_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"sale_id" text NOT NULL,
	"transaction_id" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flexpay_events_kind" CHECK ("flexpay_events"."kind" in ('purchase', 'credit', 'chargeback')),
	CONSTRAINT "flexpay_events_amount_positive" CHECK ("flexpay_events"."amount_minor" > 0),
	CONSTRAINT "flexpay_events_transaction" CHECK (("flexpay_events"."kind" = 'purchase') or ("flexpay_events"."transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "flexpay_orders" (
	"reference_id" text PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"shop_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flexpay_orders_amount_positive" CHECK ("flexpay_orders"."amount_minor" > 0),
	CONSTRAINT "flexpay_orders_currency" CHECK ("flexpay_orders"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "payment_provider" text DEFAULT 'mollie' NOT NULL;--> statement-breakpoint
ALTER TABLE "flexpay_events" ADD CONSTRAINT "flexpay_events_reference_id_flexpay_orders_reference_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."flexpay_orders"("reference_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flexpay_orders" ADD CONSTRAINT "flexpay_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flexpay_events_key_idx" ON "flexpay_events" USING btree ("event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "flexpay_events_one_purchase_idx" ON "flexpay_events" USING btree ("reference_id") WHERE "flexpay_events"."kind" = 'purchase';--> statement-breakpoint
CREATE INDEX "flexpay_events_reference_idx" ON "flexpay_events" USING btree ("reference_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_payment_provider" CHECK ("sites"."payment_provider" in ('mollie', 'verotel'));