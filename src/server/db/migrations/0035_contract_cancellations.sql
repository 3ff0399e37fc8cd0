CREATE TABLE "cancelled_mandates" (
	"provider" text NOT NULL,
	"mandate_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"cancellation_id" bigint NOT NULL,
	"method" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancelled_mandates_provider_mandate_id_pk" PRIMARY KEY("provider","mandate_id"),
	CONSTRAINT "cancelled_mandates_attempts" CHECK ("cancelled_mandates"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_cancellations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"contract" text NOT NULL,
	"reason" text,
	"requested_date" date,
	"via" text NOT NULL,
	"language" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"status" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"effective_at" timestamp with time zone,
	"mandates_stopped" integer,
	CONSTRAINT "contract_cancellations_contract" CHECK ("contract_cancellations"."contract" in ('all', 'repeat_order', 'direct_debit')),
	CONSTRAINT "contract_cancellations_via" CHECK ("contract_cancellations"."via" in ('session', 'email')),
	CONSTRAINT "contract_cancellations_status" CHECK ("contract_cancellations"."status" in ('pending', 'confirmed')),
	CONSTRAINT "contract_cancellations_token" CHECK (("contract_cancellations"."via" = 'email') = ("contract_cancellations"."token_hash" is not null and "contract_cancellations"."expires_at" is not null)),
	CONSTRAINT "contract_cancellations_confirmed" CHECK (("contract_cancellations"."status" = 'confirmed') = ("contract_cancellations"."confirmed_at" is not null and "contract_cancellations"."effective_at" is not null and "contract_cancellations"."mandates_stopped" is not null)),
	CONSTRAINT "contract_cancellations_confirmed_after" CHECK ("contract_cancellations"."confirmed_at" is null or "contract_cancellations"."confirmed_at" >= "contract_cancellations"."received_at"),
	CONSTRAINT "contract_cancellations_name_length" CHECK (char_length("contract_cancellations"."name") between 1 and 200),
	CONSTRAINT "contract_cancellations_reason_length" CHECK ("contract_cancellations"."reason" is null or char_length("contract_cancellations"."reason") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "cancelled_mandates" ADD CONSTRAINT "cancelled_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_mandates" ADD CONSTRAINT "cancelled_mandates_cancellation_id_contract_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."contract_cancellations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_cancellations" ADD CONSTRAINT "contract_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_cancellations" ADD CONSTRAINT "contract_cancellations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancelled_mandates_user_idx" ON "cancelled_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cancelled_mandates_pending_idx" ON "cancelled_mandates" USING btree ("next_attempt_at") WHERE "cancelled_mandates"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_cancellations_token_unique" ON "contract_cancellations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contract_cancellations_user_idx" ON "contract_cancellations" USING btree ("user_id","received_at" DESC NULLS LAST);