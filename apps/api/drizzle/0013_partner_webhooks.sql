CREATE TABLE "partner_webhook_deliveries" (
	"delivery_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"bot_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"event_id" uuid,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"msisdn" text,
	"conversation" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_code" integer,
	"latency_ms" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhooks" (
	"bot_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"url" text,
	"verified_at" timestamp with time zone,
	"signing_secret" text NOT NULL,
	"secret_rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_event_id_network_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."network_events"("event_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhooks" ADD CONSTRAINT "partner_webhooks_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_webhook_deliveries_event_uq" ON "partner_webhook_deliveries" USING btree ("bot_id","event_id");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_bot_idx" ON "partner_webhook_deliveries" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_open_idx" ON "partner_webhook_deliveries" USING btree ("conversation","seq") WHERE status IN ('pending', 'retrying');