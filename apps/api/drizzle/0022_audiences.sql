CREATE TABLE "audience_recipients" (
	"audience_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"line" integer NOT NULL,
	"fields" jsonb,
	CONSTRAINT "audience_recipients_audience_id_msisdn_pk" PRIMARY KEY("audience_id","msisdn")
);
--> statement-breakpoint
CREATE TABLE "audience_refused_lines" (
	"audience_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"raw" text NOT NULL,
	CONSTRAINT "audience_refused_lines_audience_id_line_pk" PRIMARY KEY("audience_id","line")
);
--> statement-breakpoint
CREATE TABLE "audiences" (
	"audience_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"failure" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_country" text,
	"checked_line" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"kept_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"refused_by_reason" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"partner_id" uuid NOT NULL,
	"msisdn" text NOT NULL,
	"source" text NOT NULL,
	"bot_id" uuid,
	"source_detail" text,
	"event_id" uuid,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_partner_id_msisdn_pk" PRIMARY KEY("partner_id","msisdn")
);
--> statement-breakpoint
ALTER TABLE "audience_recipients" ADD CONSTRAINT "audience_recipients_audience_id_audiences_audience_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("audience_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_refused_lines" ADD CONSTRAINT "audience_refused_lines_audience_id_audiences_audience_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("audience_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiences_partner_created_idx" ON "audiences" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "opt_outs_partner_time_idx" ON "opt_outs" USING btree ("partner_id","opted_out_at");