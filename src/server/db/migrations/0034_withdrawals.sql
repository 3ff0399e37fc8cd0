CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credits_taken" integer NOT NULL,
	"refund_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded_before_minor" integer NOT NULL,
	"immediate_start" boolean NOT NULL,
	"status" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('refund_pending', 'refunded', 'nothing_to_refund')),
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."refund_minor" >= 0 and "withdrawals"."credits_taken" >= 0 and "withdrawals"."refunded_before_minor" >= 0),
	CONSTRAINT "withdrawals_refunded_at" CHECK (("withdrawals"."status" = 'refunded') = ("withdrawals"."refunded_at" is not null)),
	CONSTRAINT "withdrawals_nothing" CHECK (("withdrawals"."status" = 'nothing_to_refund') = ("withdrawals"."refund_minor" = 0))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "immediate_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "immediate_start_version" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payment_unique" ON "withdrawals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("next_attempt_at") WHERE "withdrawals"."status" = 'refund_pending';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_immediate_start_pair" CHECK (("payments"."immediate_start_at" is null) = ("payments"."immediate_start_version" is null));