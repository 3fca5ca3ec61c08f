DROP TABLE "password_reset_requests" CASCADE;--> statement-breakpoint
ALTER TABLE "phone_codes" DROP COLUMN "attempts";