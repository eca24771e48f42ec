CREATE TABLE "bot_carriers" (
	"bot_id" uuid NOT NULL,
	"carrier_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_carriers_bot_id_carrier_id_pk" PRIMARY KEY("bot_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"bot_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"created_by" uuid,
	"channels" integer[] NOT NULL,
	"status" integer DEFAULT -1 NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"brand_color" text,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"websites" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"privacy_policy_url" text,
	"terms_url" text,
	"message_category" text,
	"region" text,
	"billing_category" text,
	"hosting_region" text,
	"api_type" text,
	"chatbot_platform_id" integer,
	"wa_display_name" text,
	"wa_phone" text,
	"wa_about" text,
	"wa_category" text,
	"waba_id" text,
	"brand_id" uuid,
	"logo_key" text,
	"banner_key" text,
	"photo_key" text,
	"rbm_brand" text,
	"rbm_agent" text,
	"maap_bot_id" text,
	"whatsapp_phone_number_id" text,
	"network_request_id" uuid,
	"network_error" text,
	"listing" jsonb,
	"listed_in_store" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_carriers" ADD CONSTRAINT "bot_carriers_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_carriers" ADD CONSTRAINT "bot_carriers_carrier_id_carriers_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("carrier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_chatbot_platform_id_lookup_values_id_fk" FOREIGN KEY ("chatbot_platform_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_carriers_carrier_idx" ON "bot_carriers" USING btree ("carrier_id","status");--> statement-breakpoint
CREATE INDEX "bots_partner_idx" ON "bots" USING btree ("partner_id","updated_at");--> statement-breakpoint
CREATE INDEX "bots_status_idx" ON "bots" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "bots_brand_idx" ON "bots" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "bots_name_trgm_idx" ON "bots" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bots_network_request_uq" ON "bots" USING btree ("network_request_id");