CREATE TABLE "analytics_ledger_seen" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_money_rollups" (
	"bucket" timestamp with time zone NOT NULL,
	"partner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "analytics_money_rollups_pk" PRIMARY KEY("bucket","partner_id","kind")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"bucket" timestamp with time zone NOT NULL,
	"partner_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"carrier_id" integer NOT NULL,
	"country_id" text NOT NULL,
	"channel" integer NOT NULL,
	"billing_category" text NOT NULL,
	"message_type" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "analytics_rollups_pk" PRIMARY KEY("bucket","partner_id","bot_id","carrier_id","country_id","channel","billing_category","message_type","status")
);
--> statement-breakpoint
CREATE INDEX "analytics_ledger_seen_created_idx" ON "analytics_ledger_seen" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_rollups_partner_idx" ON "analytics_rollups" USING btree ("partner_id","bucket");--> statement-breakpoint
CREATE INDEX "analytics_rollups_carrier_idx" ON "analytics_rollups" USING btree ("carrier_id","bucket");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");