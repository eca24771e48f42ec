CREATE TABLE "launches" (
	"bot_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"step_reached" text DEFAULT 'carriers' NOT NULL,
	"use_case" text DEFAULT '' NOT NULL,
	"opt_in" text DEFAULT '' NOT NULL,
	"trigger" text DEFAULT '' NOT NULL,
	"interactions" text DEFAULT '' NOT NULL,
	"opt_out" text DEFAULT '' NOT NULL,
	"reviewer_instructions" text DEFAULT '' NOT NULL,
	"company" jsonb,
	"screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video" jsonb,
	"loa" jsonb,
	"verified_carrier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_id" uuid,
	"hold_key" text,
	"preflight" jsonb,
	"preflight_at" timestamp with time zone,
	"submissions" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launches" ADD CONSTRAINT "launches_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "launches_partner_idx" ON "launches" USING btree ("partner_id","submitted_at");