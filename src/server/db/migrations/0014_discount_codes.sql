CREATE TABLE "discount_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"country" text,
	"user_id" bigint,
	"expires" timestamp with time zone,
	"value_percentage" integer NOT NULL,
	"currency" text,
	"minimum_order_value" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"validity" text DEFAULT 'single' NOT NULL,
	"paymentmethods" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."value_percentage" between 1 and 100),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('standard', 'welcome', 'time_bonus', 'retention')),
	CONSTRAINT "discount_codes_validity" CHECK ("discount_codes"."validity" in ('single', 'once_per_user', 'multiple'))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"payment_id" bigint NOT NULL,
	"validity" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "list_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_global_unique" ON "discount_codes" USING btree ("code") WHERE "discount_codes"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_member_unique" ON "discount_codes" USING btree ("code","user_id") WHERE "discount_codes"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_payment_unique" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_single_unique" ON "discount_redemptions" USING btree ("code_id") WHERE "discount_redemptions"."validity" = 'single' and "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_per_user_unique" ON "discount_redemptions" USING btree ("code_id","user_id") WHERE "discount_redemptions"."validity" = 'once_per_user' and "discount_redemptions"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "discount_redemptions_user_idx" ON "discount_redemptions" USING btree ("user_id");