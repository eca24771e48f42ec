ALTER TABLE "partner_credentials" ADD COLUMN "kind" text DEFAULT 'client_secret' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_credentials" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "partner_credentials" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD COLUMN "verify_token" text;--> statement-breakpoint
ALTER TABLE "partner_credentials" ADD CONSTRAINT "partner_credentials_key_id_unique" UNIQUE("key_id");