CREATE TYPE "public"."currency" AS ENUM('TND', 'EUR', 'MAD', 'DZD', 'CHF', 'USD', 'GBP');--> statement-breakpoint
CREATE TYPE "public"."listing_kind" AS ENUM('package', 'travel');--> statement-breakpoint
CREATE TYPE "public"."listing_status" AS ENUM('upcoming', 'active', 'in_transit', 'finished', 'expired');--> statement-breakpoint
CREATE TYPE "public"."message_kind" AS ENUM('text', 'proposal_sent', 'proposal_accepted', 'proposal_declined');--> statement-breakpoint
CREATE TYPE "public"."message_status" AS ENUM('sent', 'delivered', 'read');--> statement-breakpoint
CREATE TYPE "public"."proposal_status" AS ENUM('pending', 'accepted', 'declined', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."travel_type" AS ENUM('plane', 'car', 'rental_car', 'motorcycle', 'bike', 'bus', 'train', 'truck', 'taxi');--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text,
	"travel_id" text,
	"owner_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_one_listing" CHECK (num_nonnulls("conversations"."package_id", "conversations"."travel_id") = 1),
	CONSTRAINT "conversations_not_self" CHECK ("conversations"."owner_id" <> "conversations"."contact_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" text NOT NULL,
	"kind" "listing_kind" NOT NULL,
	"listing_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_kind_listing_id_pk" PRIMARY KEY("user_id","kind","listing_id")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" text NOT NULL,
	"liked_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_liked_user_id_pk" PRIMARY KEY("user_id","liked_user_id"),
	CONSTRAINT "likes_not_self" CHECK ("likes"."user_id" <> "likes"."liked_user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"kind" "message_kind" DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_key" text,
	"proposal_id" text,
	"status" "message_status" DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_not_empty" CHECK ("messages"."kind" <> 'text' or length(trim("messages"."body")) > 0 or "messages"."image_key" is not null)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"email" text PRIMARY KEY NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_images" (
	"package_id" text NOT NULL,
	"position" smallint NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_images_package_id_position_pk" PRIMARY KEY("package_id","position"),
	CONSTRAINT "package_images_position" CHECK ("package_images"."position" >= 0 and "package_images"."position" < 10)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"from_city" text NOT NULL,
	"from_country" text NOT NULL,
	"from_place_id" integer,
	"from_lat" double precision NOT NULL,
	"from_lng" double precision NOT NULL,
	"to_city" text NOT NULL,
	"to_country" text NOT NULL,
	"to_place_id" integer,
	"to_lat" double precision NOT NULL,
	"to_lng" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"price_per_kg" numeric(10, 3) NOT NULL,
	"currency" "currency" NOT NULL,
	"status" "listing_status" DEFAULT 'upcoming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight_kg" numeric(7, 2) NOT NULL,
	CONSTRAINT "packages_dates" CHECK ("packages"."ended_at" > "packages"."started_at"),
	CONSTRAINT "packages_weight_positive" CHECK ("packages"."weight_kg" > 0),
	CONSTRAINT "packages_price_positive" CHECK ("packages"."price_per_kg" > 0),
	CONSTRAINT "packages_name_present" CHECK (length(trim("packages"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "password_reset_requests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text,
	"travel_id" text,
	"sender_id" text NOT NULL,
	"publisher_id" text NOT NULL,
	"amount" numeric(10, 3) NOT NULL,
	"currency" "currency" NOT NULL,
	"status" "proposal_status" DEFAULT 'pending' NOT NULL,
	"counter_amount" numeric(10, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_one_listing" CHECK (num_nonnulls("proposals"."package_id", "proposals"."travel_id") = 1),
	CONSTRAINT "proposals_amount_positive" CHECK ("proposals"."amount" > 0),
	CONSTRAINT "proposals_counter_positive" CHECK ("proposals"."counter_amount" is null or "proposals"."counter_amount" > 0),
	CONSTRAINT "proposals_not_self" CHECK ("proposals"."sender_id" <> "proposals"."publisher_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" double precision NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"rated_user_id" text NOT NULL,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score" CHECK ("ratings"."score" between 1 and 5),
	CONSTRAINT "ratings_not_self" CHECK ("ratings"."author_id" <> "ratings"."rated_user_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter_id" text NOT NULL,
	"reported_user_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_not_self" CHECK ("reports"."reporter_id" <> "reports"."reported_user_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travels" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"from_city" text NOT NULL,
	"from_country" text NOT NULL,
	"from_place_id" integer,
	"from_lat" double precision NOT NULL,
	"from_lng" double precision NOT NULL,
	"to_city" text NOT NULL,
	"to_country" text NOT NULL,
	"to_place_id" integer,
	"to_lat" double precision NOT NULL,
	"to_lng" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"price_per_kg" numeric(10, 3) NOT NULL,
	"currency" "currency" NOT NULL,
	"status" "listing_status" DEFAULT 'upcoming' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"travel_type" "travel_type" NOT NULL,
	"available_kg" numeric(7, 2),
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "travels_dates" CHECK ("travels"."ended_at" > "travels"."started_at"),
	CONSTRAINT "travels_price_positive" CHECK ("travels"."price_per_kg" > 0),
	CONSTRAINT "travels_available_positive" CHECK ("travels"."available_kg" is null or "travels"."available_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"birth_date" date,
	"phone" text,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"rating_average" numeric(3, 2),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_travel_id_travels_id_fk" FOREIGN KEY ("travel_id") REFERENCES "public"."travels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_user_id_users_id_fk" FOREIGN KEY ("liked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_images" ADD CONSTRAINT "package_images_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_requests" ADD CONSTRAINT "password_reset_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_travel_id_travels_id_fk" FOREIGN KEY ("travel_id") REFERENCES "public"."travels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_publisher_id_users_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_rated_user_id_users_id_fk" FOREIGN KEY ("rated_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travels" ADD CONSTRAINT "travels_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_package_contact" ON "conversations" USING btree ("package_id","contact_id") WHERE "conversations"."package_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_travel_contact" ON "conversations" USING btree ("travel_id","contact_id") WHERE "conversations"."travel_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_owner_idx" ON "conversations" USING btree ("owner_id","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_contact_idx" ON "conversations" USING btree ("contact_id","last_message_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_route_idx" ON "packages" USING btree ("from_country","to_country","started_at");--> statement-breakpoint
CREATE INDEX "packages_cities_idx" ON "packages" USING btree ("from_city","to_city");--> statement-breakpoint
CREATE INDEX "packages_status_date_idx" ON "packages" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "packages_created_idx" ON "packages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "packages_owner_idx" ON "packages" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_per_package" ON "proposals" USING btree ("package_id","sender_id") WHERE "proposals"."package_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_per_travel" ON "proposals" USING btree ("travel_id","sender_id") WHERE "proposals"."travel_id" is not null;--> statement-breakpoint
CREATE INDEX "proposals_publisher_idx" ON "proposals" USING btree ("publisher_id","status");--> statement-breakpoint
CREATE INDEX "proposals_sender_idx" ON "proposals" USING btree ("sender_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_once" ON "ratings" USING btree ("author_id","rated_user_id");--> statement-breakpoint
CREATE INDEX "ratings_rated_idx" ON "ratings" USING btree ("rated_user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "travels_route_idx" ON "travels" USING btree ("from_country","to_country","started_at");--> statement-breakpoint
CREATE INDEX "travels_cities_idx" ON "travels" USING btree ("from_city","to_city");--> statement-breakpoint
CREATE INDEX "travels_status_date_idx" ON "travels" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "travels_type_idx" ON "travels" USING btree ("travel_type","started_at");--> statement-breakpoint
CREATE INDEX "travels_created_idx" ON "travels" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "travels_owner_idx" ON "travels" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_unique" ON "users" USING btree ("phone") WHERE "users"."phone_verified";--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");