ALTER TABLE "users" DROP COLUMN "notify_proposals";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notify_deals";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notify_messages";