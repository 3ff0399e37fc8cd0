ALTER TABLE "users" ADD COLUMN "signup_step" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_signup_step_range" CHECK ("users"."signup_step" between 1 and 4);