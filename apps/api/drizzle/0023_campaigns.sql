CREATE TABLE "campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"msisdn" text NOT NULL,
	"fields" jsonb,
	"message_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"channel" text,
	"carrier_id" integer,
	"price_micros" bigint,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_seq_pk" PRIMARY KEY("campaign_id","seq")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"campaign_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'p' NOT NULL,
	"bot_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"audience_id" uuid NOT NULL,
	"bot_name" text NOT NULL,
	"template_name" text NOT NULL,
	"audience_name" text NOT NULL,
	"channel" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fallback" jsonb NOT NULL,
	"schedule_kind" text DEFAULT 'now' NOT NULL,
	"schedule_date" text,
	"schedule_time" text,
	"time_zone" text DEFAULT '+00:00' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"end_reason" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"estimate_micros" bigint DEFAULT 0 NOT NULL,
	"hold_id" uuid,
	"charged_micros" bigint DEFAULT 0 NOT NULL,
	"released_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "captured" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("campaign_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_status_idx" ON "campaign_recipients" USING btree ("campaign_id","status","seq");--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaigns_partner_created_idx" ON "campaigns" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_scheduled_idx" ON "campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "campaigns_template_idx" ON "campaigns" USING btree ("template_id");