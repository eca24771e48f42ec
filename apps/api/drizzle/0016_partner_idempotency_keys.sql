CREATE TABLE "partner_idempotency_keys" (
	"bot_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_idempotency_keys_bot_id_key_pk" PRIMARY KEY("bot_id","key")
);
--> statement-breakpoint
ALTER TABLE "partner_idempotency_keys" ADD CONSTRAINT "partner_idempotency_keys_bot_id_bots_bot_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("bot_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_idempotency_keys_created_idx" ON "partner_idempotency_keys" USING btree ("created_at");