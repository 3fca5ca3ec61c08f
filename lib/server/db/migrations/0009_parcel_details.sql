CREATE TYPE "public"."parcel_size" AS ENUM('envelope', 'small', 'medium', 'large');--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "size" "parcel_size";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "contents" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "prohibited_declared_at" timestamp with time zone;