ALTER TABLE "campaigns" ADD COLUMN "media_key" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "test_devices_only" boolean DEFAULT false NOT NULL;