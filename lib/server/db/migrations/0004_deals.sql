-- squawk-ignore-file changing-column-type, constraint-missing-not-valid, require-concurrent-index-creation -- history: applied by every database before this check existed (issue 36), kept as written
ALTER TYPE "public"."message_kind" ADD VALUE 'proposal_cancelled';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'deal_picked_up';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'deal_delivered';--> statement-breakpoint
-- The deal's two new states are used below (a partial index): values added by ALTER TYPE ... ADD
-- VALUE cannot be used in the transaction that adds them, so the type is made anew.
ALTER TYPE "public"."proposal_status" RENAME TO "proposal_status_before_deals";--> statement-breakpoint
CREATE TYPE "public"."proposal_status" AS ENUM('pending', 'accepted', 'in_transit', 'delivered', 'declined', 'cancelled');--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "status" TYPE "public"."proposal_status" USING "status"::text::"public"."proposal_status";--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
DROP TYPE "public"."proposal_status_before_deals";--> statement-breakpoint
CREATE TABLE "live_counters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"user_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_user_id_seq_pk" PRIMARY KEY("user_id","seq")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "amount" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "agreed_amount" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "delivery_code" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_counters" ADD CONSTRAINT "live_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_deal_per_package" ON "proposals" USING btree ("package_id") WHERE "proposals"."package_id" is not null and "proposals"."status" in ('accepted', 'in_transit', 'delivered');--> statement-breakpoint
-- Deals made before this migration agreed on their amount (no counter-proposal was ever answered).
UPDATE "proposals" SET "agreed_amount" = "amount", "accepted_at" = "updated_at" WHERE "status" = 'accepted';--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_deal_agreed" CHECK (not "proposals"."status" in ('accepted', 'in_transit', 'delivered') or "proposals"."agreed_amount" is not null);