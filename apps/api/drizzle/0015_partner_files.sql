CREATE TABLE "partner_files" (
	"file_name" text PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_files" ADD CONSTRAINT "partner_files_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_files" ADD CONSTRAINT "partner_files_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_files_bot_idx" ON "partner_files" USING btree ("bot_id");