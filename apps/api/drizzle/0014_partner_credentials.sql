CREATE TABLE "partner_credentials" (
	"credential_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_hint" text NOT NULL,
	"secret_version" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "partner_credentials_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "partner_credentials" ADD CONSTRAINT "partner_credentials_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_credentials" ADD CONSTRAINT "partner_credentials_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_credentials_bot_idx" ON "partner_credentials" USING btree ("bot_id","created_at");