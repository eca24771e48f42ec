CREATE TABLE "review_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" text NOT NULL,
	"carrier_id" integer,
	"action" text NOT NULL,
	"from_code" integer,
	"to_code" integer NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_history" ADD CONSTRAINT "review_history_carrier_id_carriers_carrier_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("carrier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_history_subject_idx" ON "review_history" USING btree ("subject","subject_id","created_at");