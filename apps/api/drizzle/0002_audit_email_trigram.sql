CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_subject_email_trgm" ON "audit_log" USING gin ("subject_email" gin_trgm_ops);