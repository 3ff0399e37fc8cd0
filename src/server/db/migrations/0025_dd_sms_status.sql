-- The direct-debit code's SMS as the gateway reports it (issue 26, point 5): sent with its message id, then delivered,
-- undelivered or failed by Twilio's status callback, or refused or unavailable at once.
ALTER TABLE "direct_debit_requests" ADD COLUMN "sms_status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN "sms_sid" text;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN "sms_error" integer;--> statement-breakpoint
CREATE INDEX "direct_debit_requests_sms_sid_idx" ON "direct_debit_requests" USING btree ("sms_sid");