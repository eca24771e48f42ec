CREATE TABLE "audience_reach" (
	"audience_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"network" text NOT NULL,
	"sender" text NOT NULL,
	"status" text NOT NULL,
	"recipients" integer NOT NULL,
	"rcs_capable" integer DEFAULT 0 NOT NULL,
	"not_rcs_capable" integer DEFAULT 0 NOT NULL,
	"checked_line" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "audience_reach_audience_id_bot_id_pk" PRIMARY KEY("audience_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "audience_reach" ADD CONSTRAINT "audience_reach_audience_id_audiences_audience_id_fk" FOREIGN KEY ("audience_id") REFERENCES "public"."audiences"("audience_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_reach" ADD CONSTRAINT "audience_reach_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_reach" ADD CONSTRAINT "audience_reach_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;