-- squawk-ignore-file require-concurrent-index-creation, require-concurrent-index-deletion -- history: applied by every database before this check existed (issue 36), kept as written
CREATE TABLE "identity_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_key" text,
	"selfie_key" text,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" text PRIMARY KEY NOT NULL,
	"moderator_id" text,
	"member_id" text NOT NULL,
	"action" text NOT NULL,
	"listing_kind" "listing_kind",
	"listing_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "packages_open_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_route_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_from_country_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_to_country_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_places_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_from_place_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_to_place_date_idx";--> statement-breakpoint
DROP INDEX "packages_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_route_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_from_country_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_to_country_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_places_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_from_place_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_to_place_price_idx";--> statement-breakpoint
DROP INDEX "packages_price_idx";--> statement-breakpoint
DROP INDEX "packages_open_created_idx";--> statement-breakpoint
DROP INDEX "packages_open_route_created_idx";--> statement-breakpoint
DROP INDEX "packages_open_from_country_created_idx";--> statement-breakpoint
DROP INDEX "packages_open_to_country_created_idx";--> statement-breakpoint
DROP INDEX "packages_open_places_created_idx";--> statement-breakpoint
DROP INDEX "packages_open_from_place_created_idx";--> statement-breakpoint
DROP INDEX "packages_open_to_place_created_idx";--> statement-breakpoint
DROP INDEX "packages_created_idx";--> statement-breakpoint
DROP INDEX "packages_status_date_idx";--> statement-breakpoint
DROP INDEX "packages_open_weight_idx";--> statement-breakpoint
DROP INDEX "packages_open_near_idx";--> statement-breakpoint
DROP INDEX "travels_open_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_route_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_from_country_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_to_country_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_places_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_from_place_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_to_place_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_type_date_idx";--> statement-breakpoint
DROP INDEX "travels_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_route_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_from_country_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_to_country_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_places_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_from_place_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_to_place_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_type_price_idx";--> statement-breakpoint
DROP INDEX "travels_price_idx";--> statement-breakpoint
DROP INDEX "travels_open_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_route_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_from_country_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_to_country_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_places_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_from_place_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_to_place_created_idx";--> statement-breakpoint
DROP INDEX "travels_open_type_created_idx";--> statement-breakpoint
DROP INDEX "travels_created_idx";--> statement-breakpoint
DROP INDEX "travels_status_date_idx";--> statement-breakpoint
DROP INDEX "travels_open_available_idx";--> statement-breakpoint
DROP INDEX "travels_open_near_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "listing_kind" "listing_kind";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "listing_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hidden" text;--> statement-breakpoint
ALTER TABLE "travels" ADD COLUMN "hidden" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_idx" ON "identity_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_pending_unique" ON "identity_checks" USING btree ("user_id") WHERE "identity_checks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "moderation_log_member_idx" ON "moderation_log" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_open_date_idx" ON "packages" USING btree ("started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_route_date_idx" ON "packages" USING btree ("from_country","to_country","started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_from_country_date_idx" ON "packages" USING btree ("from_country","started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_to_country_date_idx" ON "packages" USING btree ("to_country","started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_places_date_idx" ON "packages" USING btree ("from_place_id","to_place_id","started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_from_place_date_idx" ON "packages" USING btree ("from_place_id","started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_to_place_date_idx" ON "packages" USING btree ("to_place_id","started_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_date_idx" ON "packages" USING btree ("started_at","id") WHERE "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_price_idx" ON "packages" USING btree ("price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_route_price_idx" ON "packages" USING btree ("from_country","to_country","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_from_country_price_idx" ON "packages" USING btree ("from_country","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_to_country_price_idx" ON "packages" USING btree ("to_country","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_places_price_idx" ON "packages" USING btree ("from_place_id","to_place_id","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_from_place_price_idx" ON "packages" USING btree ("from_place_id","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_to_place_price_idx" ON "packages" USING btree ("to_place_id","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_price_idx" ON "packages" USING btree ("price_per_kg","id") WHERE "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_created_idx" ON "packages" USING btree ("created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_route_created_idx" ON "packages" USING btree ("from_country","to_country","created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_from_country_created_idx" ON "packages" USING btree ("from_country","created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_to_country_created_idx" ON "packages" USING btree ("to_country","created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_places_created_idx" ON "packages" USING btree ("from_place_id","to_place_id","created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_from_place_created_idx" ON "packages" USING btree ("from_place_id","created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_to_place_created_idx" ON "packages" USING btree ("to_place_id","created_at","id") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_created_idx" ON "packages" USING btree ("created_at","id") WHERE "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_status_date_idx" ON "packages" USING btree ("status","started_at","id") WHERE "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_weight_idx" ON "packages" USING btree ("weight_kg") WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "packages_open_near_idx" ON "packages" USING gist (cube(array[cos(radians("from_lat")) * cos(radians("from_lng")), cos(radians("from_lat")) * sin(radians("from_lng")), sin(radians("from_lat"))])) WHERE "packages"."status" in ('upcoming', 'active') and "packages"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_date_idx" ON "travels" USING btree ("started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_route_date_idx" ON "travels" USING btree ("from_country","to_country","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_from_country_date_idx" ON "travels" USING btree ("from_country","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_to_country_date_idx" ON "travels" USING btree ("to_country","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_places_date_idx" ON "travels" USING btree ("from_place_id","to_place_id","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_from_place_date_idx" ON "travels" USING btree ("from_place_id","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_to_place_date_idx" ON "travels" USING btree ("to_place_id","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_type_date_idx" ON "travels" USING btree ("travel_type","started_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_date_idx" ON "travels" USING btree ("started_at","id") WHERE "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_price_idx" ON "travels" USING btree ("price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_route_price_idx" ON "travels" USING btree ("from_country","to_country","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_from_country_price_idx" ON "travels" USING btree ("from_country","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_to_country_price_idx" ON "travels" USING btree ("to_country","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_places_price_idx" ON "travels" USING btree ("from_place_id","to_place_id","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_from_place_price_idx" ON "travels" USING btree ("from_place_id","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_to_place_price_idx" ON "travels" USING btree ("to_place_id","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_type_price_idx" ON "travels" USING btree ("travel_type","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_price_idx" ON "travels" USING btree ("price_per_kg","id") WHERE "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_created_idx" ON "travels" USING btree ("created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_route_created_idx" ON "travels" USING btree ("from_country","to_country","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_from_country_created_idx" ON "travels" USING btree ("from_country","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_to_country_created_idx" ON "travels" USING btree ("to_country","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_places_created_idx" ON "travels" USING btree ("from_place_id","to_place_id","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_from_place_created_idx" ON "travels" USING btree ("from_place_id","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_to_place_created_idx" ON "travels" USING btree ("to_place_id","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_type_created_idx" ON "travels" USING btree ("travel_type","created_at","id") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_created_idx" ON "travels" USING btree ("created_at","id") WHERE "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_status_date_idx" ON "travels" USING btree ("status","started_at","id") WHERE "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_available_idx" ON "travels" USING btree ("available_kg") WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;--> statement-breakpoint
CREATE INDEX "travels_open_near_idx" ON "travels" USING gist (cube(array[cos(radians("from_lat")) * cos(radians("from_lng")), cos(radians("from_lat")) * sin(radians("from_lng")), sin(radians("from_lat"))])) WHERE "travels"."status" in ('upcoming', 'active') and "travels"."hidden" is null;