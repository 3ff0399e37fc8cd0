ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status";--> statement-breakpoint
DROP INDEX "withdrawals_pending_idx";--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("next_attempt_at") WHERE "withdrawals"."status" in ('refund_pending', 'refund_failed');--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('refund_pending', 'refunded', 'nothing_to_refund', 'refund_failed'));