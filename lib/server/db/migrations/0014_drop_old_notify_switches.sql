-- offline: the release before it still declared these columns, and better-auth's adapter and select() read every declared column, so its sign-ins and messages fail once they are gone (tests/api/rolling-deploy.test.ts): stop the old instances, then migrate
-- squawk-ignore-file ban-drop-column -- their values were copied into notification_settings by 0013; dropped one commit later, hence offline
ALTER TABLE "users" DROP COLUMN "notify_proposals";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notify_deals";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notify_messages";