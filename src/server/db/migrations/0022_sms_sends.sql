CREATE TABLE "sms_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"number_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_sends_number_idx" ON "sms_sends" USING btree ("number_hash","sent_at");--> statement-breakpoint
CREATE INDEX "sms_sends_user_idx" ON "sms_sends" USING btree ("user_id","sent_at");