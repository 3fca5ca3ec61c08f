CREATE TABLE "conversation_notices" (
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"mailed_up_to" timestamp with time zone,
	"push_shown_at" timestamp with time zone,
	CONSTRAINT "conversation_notices_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"muted" text[] DEFAULT '{}'::text[] NOT NULL,
	"quiet_enabled" boolean DEFAULT true NOT NULL,
	"quiet_from" smallint DEFAULT 1320 NOT NULL,
	"quiet_to" smallint DEFAULT 480 NOT NULL,
	"time_zone" text DEFAULT 'Africa/Tunis' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_quiet_from" CHECK ("notification_settings"."quiet_from" BETWEEN 0 AND 1439),
	CONSTRAINT "notification_settings_quiet_to" CHECK ("notification_settings"."quiet_to" BETWEEN 0 AND 1439)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "stream_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_notices" ADD CONSTRAINT "conversation_notices_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notices" ADD CONSTRAINT "conversation_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_presence" ADD CONSTRAINT "stream_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_notices_user_idx" ON "conversation_notices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- hand-written: 23-away
-- The three e-mail switches of users move to notification_settings (muted pairs); the columns stay
-- until a later migration drops them.
INSERT INTO "notification_settings" ("user_id", "muted")
SELECT "id", array_remove(ARRAY[
  CASE WHEN NOT "notify_messages" THEN 'email:messages' END,
  CASE WHEN NOT "notify_proposals" THEN 'email:proposals' END,
  CASE WHEN NOT "notify_deals" THEN 'email:deals' END
], NULL)
FROM "users"
WHERE NOT ("notify_messages" AND "notify_proposals" AND "notify_deals")
ON CONFLICT ("user_id") DO NOTHING;
-- end hand-written
