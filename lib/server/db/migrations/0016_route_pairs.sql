CREATE TABLE "route_pairs" (
	"from_place_id" integer NOT NULL,
	"to_place_id" integer NOT NULL,
	"from_country" text NOT NULL,
	"to_country" text NOT NULL,
	"listings" integer DEFAULT 0 NOT NULL,
	"last_ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "route_pairs_from_place_id_to_place_id_pk" PRIMARY KEY("from_place_id","to_place_id")
);
--> statement-breakpoint
CREATE INDEX "route_pairs_to_idx" ON "route_pairs" USING btree ("to_place_id");--> statement-breakpoint
CREATE INDEX "route_pairs_ended_idx" ON "route_pairs" USING btree ("last_ended_at");--> statement-breakpoint
-- The pairs are kept by the database (lib/server/db/schema/listings.ts, routePairs): after each
-- statement that inserts listings, or moves a listing's route or arrival date, its pairs are added
-- or brought up to date, one upsert per statement (the rows it wrote are its transition tables).
CREATE FUNCTION "route_pairs_of_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "route_pairs" ("from_place_id", "to_place_id", "from_country", "to_country", "listings", "last_ended_at")
    SELECT n."from_place_id", n."to_place_id", min(n."from_country"), min(n."to_country"), count(*), max(n."ended_at")
      FROM "new_rows" n
     WHERE n."from_place_id" IS NOT NULL AND n."to_place_id" IS NOT NULL AND n."from_place_id" <> n."to_place_id"
     GROUP BY n."from_place_id", n."to_place_id"
    ON CONFLICT ("from_place_id", "to_place_id") DO UPDATE
      SET "listings" = "route_pairs"."listings" + excluded."listings",
          "last_ended_at" = greatest("route_pairs"."last_ended_at", excluded."last_ended_at");
  ELSE
    INSERT INTO "route_pairs" ("from_place_id", "to_place_id", "from_country", "to_country", "listings", "last_ended_at")
    SELECT n."from_place_id", n."to_place_id", min(n."from_country"), min(n."to_country"),
           count(*) FILTER (WHERE (n."from_place_id", n."to_place_id") IS DISTINCT FROM (o."from_place_id", o."to_place_id")),
           max(n."ended_at")
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
     WHERE n."from_place_id" IS NOT NULL AND n."to_place_id" IS NOT NULL AND n."from_place_id" <> n."to_place_id"
       AND ((n."from_place_id", n."to_place_id") IS DISTINCT FROM (o."from_place_id", o."to_place_id")
            OR n."ended_at" IS DISTINCT FROM o."ended_at")
     GROUP BY n."from_place_id", n."to_place_id"
    ON CONFLICT ("from_place_id", "to_place_id") DO UPDATE
      SET "listings" = "route_pairs"."listings" + excluded."listings",
          "last_ended_at" = greatest("route_pairs"."last_ended_at", excluded."last_ended_at");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "packages_route_pairs_insert" AFTER INSERT ON "packages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "route_pairs_of_listings"();--> statement-breakpoint
CREATE TRIGGER "packages_route_pairs_update" AFTER UPDATE ON "packages" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "route_pairs_of_listings"();--> statement-breakpoint
CREATE TRIGGER "travels_route_pairs_insert" AFTER INSERT ON "travels" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "route_pairs_of_listings"();--> statement-breakpoint
CREATE TRIGGER "travels_route_pairs_update" AFTER UPDATE ON "travels" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "route_pairs_of_listings"();--> statement-breakpoint
-- The pairs of the listings already there.
INSERT INTO "route_pairs" ("from_place_id", "to_place_id", "from_country", "to_country", "listings", "last_ended_at")
SELECT "from_place_id", "to_place_id", min("from_country"), min("to_country"), count(*), max("ended_at")
  FROM (SELECT "from_place_id", "to_place_id", "from_country", "to_country", "ended_at" FROM "packages"
        UNION ALL
        SELECT "from_place_id", "to_place_id", "from_country", "to_country", "ended_at" FROM "travels") l
 WHERE "from_place_id" IS NOT NULL AND "to_place_id" IS NOT NULL AND "from_place_id" <> "to_place_id"
 GROUP BY "from_place_id", "to_place_id";
