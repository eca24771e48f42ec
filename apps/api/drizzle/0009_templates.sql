CREATE TABLE "template_test_results" (
	"run_id" uuid NOT NULL,
	"device_id" uuid,
	"msisdn" text NOT NULL,
	"channel" text NOT NULL,
	"message_id" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_test_results_run_id_msisdn_pk" PRIMARY KEY("run_id","msisdn")
);
--> statement-breakpoint
CREATE TABLE "template_test_runs" (
	"run_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_versions" (
	"version_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status_code" integer NOT NULL,
	"content" jsonb NOT NULL,
	"sample_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"network_template_id" text,
	"network_request_id" uuid,
	"network_error" text,
	"quality" text,
	"last_event_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"template_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"type" text NOT NULL,
	"status_code" integer NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"active_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_test_results" ADD CONSTRAINT "template_test_results_run_id_template_test_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."template_test_runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_test_results" ADD CONSTRAINT "template_test_results_device_id_bot_test_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."bot_test_devices"("device_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_test_runs" ADD CONSTRAINT "template_test_runs_template_id_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_test_runs" ADD CONSTRAINT "template_test_runs_version_id_template_versions_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."template_versions"("version_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_test_runs" ADD CONSTRAINT "template_test_runs_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_id_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("template_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_test_runs_template_idx" ON "template_test_runs" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_template_version_uq" ON "template_versions" USING btree ("template_id","version");--> statement-breakpoint
CREATE INDEX "template_versions_network_idx" ON "template_versions" USING btree ("network_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_bot_name_language_uq" ON "templates" USING btree ("bot_id","channel","name","language");--> statement-breakpoint
CREATE INDEX "templates_partner_idx" ON "templates" USING btree ("partner_id","updated_at");--> statement-breakpoint
CREATE INDEX "templates_status_idx" ON "templates" USING btree ("status_code","updated_at");