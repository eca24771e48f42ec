CREATE TABLE "carrier_prefixes" (
	"country_id" text NOT NULL,
	"prefix" text NOT NULL,
	"carrier_id" integer NOT NULL,
	CONSTRAINT "carrier_prefixes_country_id_prefix_pk" PRIMARY KEY("country_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "metered_messages" (
	"bot_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"channel" integer NOT NULL,
	"carrier_id" integer,
	"country_id" text,
	"rate_plan_id" integer,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "metered_messages_bot_id_message_id_pk" PRIMARY KEY("bot_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "metering_batches" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"message_count" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ported_numbers" (
	"msisdn" text PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"partner_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"carrier_id" integer NOT NULL,
	"country_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "usage_daily_day_partner_id_bot_id_carrier_id_country_id_kind_status_pk" PRIMARY KEY("day","partner_id","bot_id","carrier_id","country_id","kind","status")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "reserved" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_prefixes" ADD CONSTRAINT "carrier_prefixes_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_prefixes" ADD CONSTRAINT "carrier_prefixes_carrier_id_carriers_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("carrier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_messages" ADD CONSTRAINT "metered_messages_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_batches" ADD CONSTRAINT "metering_batches_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metering_batches" ADD CONSTRAINT "metering_batches_transaction_id_ledger_transactions_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("transaction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ported_numbers" ADD CONSTRAINT "ported_numbers_carrier_id_carriers_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("carrier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metered_messages_unbatched_idx" ON "metered_messages" USING btree ("partner_id","created_at") WHERE "metered_messages"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "metered_messages_reserved_idx" ON "metered_messages" USING btree ("created_at") WHERE "metered_messages"."status" = 'reserved';--> statement-breakpoint
CREATE INDEX "metering_batches_partner_idx" ON "metering_batches" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_daily_partner_day_idx" ON "usage_daily" USING btree ("partner_id","day");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_reserved_covered" CHECK ("ledger_accounts"."reserved" >= 0 AND "ledger_accounts"."reserved" <= "ledger_accounts"."balance");