CREATE TABLE "whatsapp_rate_card_prices" (
	"rate_card_id" integer NOT NULL,
	"category" text NOT NULL,
	"price" bigint NOT NULL,
	CONSTRAINT "whatsapp_rate_card_prices_rate_card_id_category_pk" PRIMARY KEY("rate_card_id","category")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_rate_cards" (
	"rate_card_id" serial PRIMARY KEY NOT NULL,
	"country_id" text NOT NULL,
	"currency" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metered_messages" ADD COLUMN "rate_card_id" integer;--> statement-breakpoint
ALTER TABLE "metered_messages" ADD COLUMN "priced_as" text;--> statement-breakpoint
ALTER TABLE "whatsapp_rate_card_prices" ADD CONSTRAINT "whatsapp_rate_card_prices_rate_card_id_whatsapp_rate_cards_rate_card_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."whatsapp_rate_cards"("rate_card_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_rate_cards" ADD CONSTRAINT "whatsapp_rate_cards_country_id_countries_country_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("country_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_rate_cards" ADD CONSTRAINT "whatsapp_rate_cards_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_rate_cards_country_idx" ON "whatsapp_rate_cards" USING btree ("country_id","effective_from");