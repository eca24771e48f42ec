CREATE TABLE "aggregator_billing" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"tax_id" text NOT NULL,
	"address" jsonb NOT NULL,
	"billing_category_id" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aggregator_carriers" (
	"partner_id" uuid NOT NULL,
	"carrier_id" integer NOT NULL,
	"status" integer DEFAULT 39 NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "aggregator_carriers_partner_id_carrier_id_pk" PRIMARY KEY("partner_id","carrier_id")
);
--> statement-breakpoint
ALTER TABLE "aggregator_billing" ADD CONSTRAINT "aggregator_billing_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_billing" ADD CONSTRAINT "aggregator_billing_billing_category_id_lookup_values_id_fk" FOREIGN KEY ("billing_category_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_carriers" ADD CONSTRAINT "aggregator_carriers_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregator_carriers" ADD CONSTRAINT "aggregator_carriers_carrier_id_carriers_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("carrier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aggregator_carriers_carrier_idx" ON "aggregator_carriers" USING btree ("carrier_id","status");