DROP INDEX "campaign_recipients_message_idx";--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "net_status" text;--> statement-breakpoint
UPDATE "campaign_recipients" r SET "net_status" = m."status" FROM "network_messages" m WHERE m."message_id" = r."message_id"::text;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id");