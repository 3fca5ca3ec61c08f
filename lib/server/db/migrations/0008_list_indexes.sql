-- squawk-ignore-file require-concurrent-index-creation, require-concurrent-index-deletion -- history: applied by every database before this check existed (issue 36), kept as written
DROP INDEX "travels_type_idx";--> statement-breakpoint
CREATE INDEX "packages_open_route_date_idx" ON "packages" USING btree ("from_country","to_country","started_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_from_country_date_idx" ON "packages" USING btree ("from_country","started_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_to_country_date_idx" ON "packages" USING btree ("to_country","started_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_places_date_idx" ON "packages" USING btree ("from_place_id","to_place_id","started_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_from_place_date_idx" ON "packages" USING btree ("from_place_id","started_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_to_place_date_idx" ON "packages" USING btree ("to_place_id","started_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_date_idx" ON "packages" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "packages_open_price_idx" ON "packages" USING btree ("price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_route_price_idx" ON "packages" USING btree ("from_country","to_country","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_from_country_price_idx" ON "packages" USING btree ("from_country","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_to_country_price_idx" ON "packages" USING btree ("to_country","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_places_price_idx" ON "packages" USING btree ("from_place_id","to_place_id","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_from_place_price_idx" ON "packages" USING btree ("from_place_id","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_to_place_price_idx" ON "packages" USING btree ("to_place_id","price_per_kg","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_price_idx" ON "packages" USING btree ("price_per_kg","id");--> statement-breakpoint
CREATE INDEX "packages_open_created_idx" ON "packages" USING btree ("created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_route_created_idx" ON "packages" USING btree ("from_country","to_country","created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_from_country_created_idx" ON "packages" USING btree ("from_country","created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_to_country_created_idx" ON "packages" USING btree ("to_country","created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_places_created_idx" ON "packages" USING btree ("from_place_id","to_place_id","created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_from_place_created_idx" ON "packages" USING btree ("from_place_id","created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_to_place_created_idx" ON "packages" USING btree ("to_place_id","created_at","id") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "packages_open_weight_idx" ON "packages" USING btree ("weight_kg") WHERE "packages"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_route_date_idx" ON "travels" USING btree ("from_country","to_country","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_from_country_date_idx" ON "travels" USING btree ("from_country","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_to_country_date_idx" ON "travels" USING btree ("to_country","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_places_date_idx" ON "travels" USING btree ("from_place_id","to_place_id","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_from_place_date_idx" ON "travels" USING btree ("from_place_id","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_to_place_date_idx" ON "travels" USING btree ("to_place_id","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_type_date_idx" ON "travels" USING btree ("travel_type","started_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_date_idx" ON "travels" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "travels_open_price_idx" ON "travels" USING btree ("price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_route_price_idx" ON "travels" USING btree ("from_country","to_country","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_from_country_price_idx" ON "travels" USING btree ("from_country","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_to_country_price_idx" ON "travels" USING btree ("to_country","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_places_price_idx" ON "travels" USING btree ("from_place_id","to_place_id","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_from_place_price_idx" ON "travels" USING btree ("from_place_id","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_to_place_price_idx" ON "travels" USING btree ("to_place_id","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_type_price_idx" ON "travels" USING btree ("travel_type","price_per_kg","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_price_idx" ON "travels" USING btree ("price_per_kg","id");--> statement-breakpoint
CREATE INDEX "travels_open_created_idx" ON "travels" USING btree ("created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_route_created_idx" ON "travels" USING btree ("from_country","to_country","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_from_country_created_idx" ON "travels" USING btree ("from_country","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_to_country_created_idx" ON "travels" USING btree ("to_country","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_places_created_idx" ON "travels" USING btree ("from_place_id","to_place_id","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_from_place_created_idx" ON "travels" USING btree ("from_place_id","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_to_place_created_idx" ON "travels" USING btree ("to_place_id","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_type_created_idx" ON "travels" USING btree ("travel_type","created_at","id") WHERE "travels"."status" in ('upcoming', 'active');--> statement-breakpoint
CREATE INDEX "travels_open_available_idx" ON "travels" USING btree ("available_kg") WHERE "travels"."status" in ('upcoming', 'active');