-- squawk-ignore-file ban-drop-table, ban-drop-column -- history: applied by every database before this check existed (issue 36), kept as written
DROP TABLE "password_reset_requests" CASCADE;--> statement-breakpoint
ALTER TABLE "phone_codes" DROP COLUMN "attempts";