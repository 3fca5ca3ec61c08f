-- squawk-ignore-file require-concurrent-index-creation -- history: applied by every database before this check existed (issue 36), kept as written
-- The cube extension (a trusted extension of PostgreSQL: the database owner may create it; PGlite
-- loads it in lib/server/db/client.ts) gives the GiST index of the map of offers around me.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE INDEX "packages_open_near_idx" ON "packages" USING gist (cube(array[cos(radians("from_lat")) * cos(radians("from_lng")), cos(radians("from_lat")) * sin(radians("from_lng")), sin(radians("from_lat"))])) WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_near_idx" ON "travels" USING gist (cube(array[cos(radians("from_lat")) * cos(radians("from_lng")), cos(radians("from_lat")) * sin(radians("from_lng")), sin(radians("from_lat"))])) WHERE "travels"."status" in ('upcoming', 'active');