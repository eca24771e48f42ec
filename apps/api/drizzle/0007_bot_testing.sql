CREATE TABLE "bot_console_lines" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"message_id" text,
	"event_id" uuid,
	"text" text,
	"postback_data" text,
	"created_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_test_devices" (
	"device_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_by" uuid,
	"channel" text NOT NULL,
	"msisdn" text NOT NULL,
	"invite_status" text,
	"invited_at" timestamp with time zone,
	"capable" boolean,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_console_lines" ADD CONSTRAINT "bot_console_lines_device_id_bot_test_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."bot_test_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_console_lines" ADD CONSTRAINT "bot_console_lines_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_test_devices" ADD CONSTRAINT "bot_test_devices_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_test_devices" ADD CONSTRAINT "bot_test_devices_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_test_devices" ADD CONSTRAINT "bot_test_devices_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_console_lines_device_idx" ON "bot_console_lines" USING btree ("device_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_console_lines_event_uq" ON "bot_console_lines" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_console_lines_message_uq" ON "bot_console_lines" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_test_devices_bot_number_uq" ON "bot_test_devices" USING btree ("bot_id","channel","msisdn");--> statement-breakpoint
CREATE INDEX "bot_test_devices_number_idx" ON "bot_test_devices" USING btree ("channel","msisdn");