-- squawk-ignore-file constraint-missing-not-valid, require-concurrent-index-creation, require-concurrent-index-deletion -- history: applied by every database before this check existed (issue 36), kept as written
DROP INDEX "proposals_one_per_package";--> statement-breakpoint
DROP INDEX "proposals_one_per_travel";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "parcel_weight_kg" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "parcel_size" "parcel_size";--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "parcel_contents" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "prohibited_declared_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_pending_per_package" ON "proposals" USING btree ("package_id","sender_id") WHERE "proposals"."package_id" is not null and "proposals"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_pending_per_travel" ON "proposals" USING btree ("travel_id","sender_id") WHERE "proposals"."travel_id" is not null and "proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "proposals_package_sender_idx" ON "proposals" USING btree ("package_id","sender_id");--> statement-breakpoint
CREATE INDEX "proposals_travel_sender_idx" ON "proposals" USING btree ("travel_id","sender_id");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_parcel_weight_positive" CHECK ("proposals"."parcel_weight_kg" is null or "proposals"."parcel_weight_kg" > 0);