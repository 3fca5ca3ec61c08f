CREATE TABLE "listing_view_days" (
	"kind" "listing_kind" NOT NULL,
	"listing_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_view_days_kind_listing_id_day_pk" PRIMARY KEY("kind","listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "member_campaigns" (
	"user_id" text PRIMARY KEY NOT NULL,
	"source" text,
	"medium" text,
	"campaign" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"template" text NOT NULL,
	"path" text NOT NULL,
	"locale" text NOT NULL,
	"listing_kind" "listing_kind",
	"listing_id" text,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"visitor" text,
	"lcp" real,
	"inp" real,
	"cls" real,
	"ttfb" real,
	"network" text,
	CONSTRAINT "page_events_type" CHECK ("page_events"."type" in ('view', 'vitals', 'share'))
);
--> statement-breakpoint
CREATE TABLE "traffic_day_facts" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "traffic_day_facts_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "traffic_days" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer NOT NULL,
	"views" integer NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vitals_days" (
	"day" date NOT NULL,
	"template" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"p75" real NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "vitals_days_day_template_device_metric_pk" PRIMARY KEY("day","template","device","metric")
);
--> statement-breakpoint
ALTER TABLE "member_campaigns" ADD CONSTRAINT "member_campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_events_day_idx" ON "page_events" USING btree ("day","type");