CREATE TABLE "network_events" (
	"event_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"network_message_id" text,
	"status" text,
	"sender" text,
	"text" text,
	"postback_data" text,
	"error_code" text,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text,
	"applied_at" timestamp with time zone,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"partner_id" uuid,
	"created_by" uuid,
	"purpose" text DEFAULT 'test' NOT NULL,
	"network" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"network_message_id" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_messages" ADD CONSTRAINT "network_messages_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_messages" ADD CONSTRAINT "network_messages_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_events_dedupe_uq" ON "network_events" USING btree ("network","dedupe_key");--> statement-breakpoint
CREATE INDEX "network_events_message_idx" ON "network_events" USING btree ("network","network_message_id");--> statement-breakpoint
CREATE INDEX "network_events_received_idx" ON "network_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_messages_network_id_uq" ON "network_messages" USING btree ("network","network_message_id");--> statement-breakpoint
CREATE INDEX "network_messages_created_idx" ON "network_messages" USING btree ("created_at");