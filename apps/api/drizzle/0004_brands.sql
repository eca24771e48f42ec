CREATE TABLE "brand_carriers" (
	"brand_id" uuid NOT NULL,
	"carrier_id" integer NOT NULL,
	"status" integer DEFAULT 6 NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "brand_carriers_brand_id_carrier_id_pk" PRIMARY KEY("brand_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "brand_documents" (
	"document_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"document_type_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"filename" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"pages" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"brand_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"industry_type_id" integer NOT NULL,
	"website" text NOT NULL,
	"description" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"address" jsonb NOT NULL,
	"logo_key" text,
	"status" integer DEFAULT 1 NOT NULL,
	"network_brand" text,
	"network_agent" text,
	"verification_state" text,
	"verification_checked_at" timestamp with time zone,
	"bot_launched_at" timestamp with time zone,
	"created_by" uuid,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_carriers" ADD CONSTRAINT "brand_carriers_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_carriers" ADD CONSTRAINT "brand_carriers_carrier_id_carriers_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("carrier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_documents" ADD CONSTRAINT "brand_documents_brand_id_brands_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("brand_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_documents" ADD CONSTRAINT "brand_documents_document_type_id_lookup_values_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_industry_type_id_lookup_values_id_fk" FOREIGN KEY ("industry_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_carriers_carrier_idx" ON "brand_carriers" USING btree ("carrier_id","status");--> statement-breakpoint
CREATE INDEX "brand_documents_brand_idx" ON "brand_documents" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "brands_partner_idx" ON "brands" USING btree ("partner_id","updated_at");--> statement-breakpoint
CREATE INDEX "brands_status_idx" ON "brands" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops);