DROP INDEX "partner_webhook_deliveries_bot_idx";--> statement-breakpoint
CREATE INDEX "bots_rbm_agent_id_idx" ON "bots" USING btree (split_part("rbm_agent", '/agents/', 2));--> statement-breakpoint
CREATE INDEX "bots_maap_bot_idx" ON "bots" USING btree ("maap_bot_id");--> statement-breakpoint
CREATE INDEX "bots_whatsapp_number_idx" ON "bots" USING btree ("whatsapp_phone_number_id");--> statement-breakpoint
CREATE INDEX "brands_updated_idx" ON "brands" USING btree ("updated_at","brand_id");--> statement-breakpoint
CREATE INDEX "network_events_sender_idx" ON "network_events" USING btree ("network","sender","received_at");--> statement-breakpoint
CREATE INDEX "network_messages_recipient_idx" ON "network_messages" USING btree ("network","recipient","created_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_bot_status_idx" ON "partner_webhook_deliveries" USING btree ("bot_id","status");--> statement-breakpoint
CREATE INDEX "templates_updated_idx" ON "templates" USING btree ("updated_at","template_id");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_bot_idx" ON "partner_webhook_deliveries" USING btree ("bot_id","seq");