-- squawk-ignore-file require-concurrent-index-creation -- history: applied by every database before this check existed (issue 36), kept as written
CREATE TABLE "alert_matches" (
	"alert_id" text NOT NULL,
	"kind" "listing_kind" NOT NULL,
	"listing_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_matches_alert_id_kind_listing_id_pk" PRIMARY KEY("alert_id","kind","listing_id")
);
--> statement-breakpoint
CREATE TABLE "route_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" "listing_kind" NOT NULL,
	"from_place_id" integer,
	"from_country" text,
	"to_place_id" integer,
	"to_country" text,
	"after" date,
	"before" date,
	"max_price" numeric(10, 3),
	"min_weight" numeric(7, 2),
	"max_weight" numeric(7, 2),
	"travel_type" "travel_type",
	"unsubscribe_token" text NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_proposals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_deals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_messages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_matches" ADD CONSTRAINT "alert_matches_alert_id_route_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."route_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_alerts" ADD CONSTRAINT "route_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_matches_listing_idx" ON "alert_matches" USING btree ("kind","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_alerts_token_unique" ON "route_alerts" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "route_alerts_user_idx" ON "route_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "route_alerts_kind_idx" ON "route_alerts" USING btree ("kind","from_country","to_country");--> statement-breakpoint
CREATE INDEX "favourites_listing_idx" ON "favourites" USING btree ("kind","listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_once" ON "reports" USING btree ("reporter_id","reported_user_id");--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_user_id");