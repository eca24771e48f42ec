CREATE TABLE "campaign_counts" (
	"campaign_id" uuid NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_counts_campaign_idx" ON "campaign_counts" USING btree ("campaign_id","key");--> statement-breakpoint
CREATE INDEX "campaign_recipients_sent_idx" ON "campaign_recipients" USING btree ("campaign_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_msisdn_idx" ON "campaign_recipients" USING btree ("msisdn");--> statement-breakpoint
-- The SQL that adds the counts of a set of recipient rows, each with its sign s (+1 as they are now,
-- -1 as they were): the buckets of decision 0061, as campaigns.repository.ts reads them.
CREATE FUNCTION campaign_counts_sql(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
WITH r AS (
  SELECT s, campaign_id, status, channel, reason, replied_at, clicks,
         CASE WHEN status = 'sent' AND channel <> 'sms' THEN net_status END AS net
    FROM (%s) src
), a AS (
  SELECT campaign_id,
         sum(s) AS recipients,
         sum(s) FILTER (WHERE status = 'queued') AS queued,
         sum(s) FILTER (WHERE status = 'sent' AND coalesce(net, 'sent') <> 'failed') AS sent,
         sum(s) FILTER (WHERE net IN ('delivered', 'read')) AS delivered,
         sum(s) FILTER (WHERE net = 'read') AS read,
         sum(s) FILTER (WHERE status = 'failed' OR net = 'failed') AS failed,
         sum(s) FILTER (WHERE status = 'skipped') AS skipped,
         sum(s) FILTER (WHERE channel = 'sms') AS fallback_sms,
         sum(s) FILTER (WHERE replied_at IS NOT NULL) AS replied,
         sum(s * clicks) AS clicked
    FROM r GROUP BY campaign_id
), d AS (
  SELECT a.campaign_id, k.key, k.n FROM a CROSS JOIN LATERAL (VALUES
    ('recipients', a.recipients), ('queued', a.queued), ('sent', a.sent), ('delivered', a.delivered),
    ('read', a.read), ('failed', a.failed), ('skipped', a.skipped), ('fallback_sms', a.fallback_sms),
    ('replied', a.replied), ('clicked', a.clicked)) AS k(key, n)
  UNION ALL
  SELECT campaign_id, 'reason:' || coalesce(reason, 'undelivered'), sum(s) FROM r
   WHERE status = 'failed' OR net = 'failed' GROUP BY 1, 2
)
INSERT INTO campaign_counts (campaign_id, key, n)
SELECT d.campaign_id, d.key, sum(d.n) FROM d
 WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.campaign_id = d.campaign_id)
 GROUP BY 1, 2 HAVING coalesce(sum(d.n), 0) <> 0
$q$, source)
$fn$;
--> statement-breakpoint
-- The statement triggers: what a statement moved, in its unit of work. A campaign deleted with its
-- recipients takes its counts with it.
CREATE FUNCTION campaign_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'campaign_id, status, channel, net_status, reason, replied_at, clicks';
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE campaign_counts_sql(format('SELECT 1 AS s, %s FROM new_rows', cols));
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE campaign_counts_sql(
      format('SELECT 1 AS s, %s FROM new_rows UNION ALL SELECT -1, %s FROM old_rows', cols, cols));
  ELSE
    EXECUTE campaign_counts_sql(format('SELECT -1 AS s, %s FROM old_rows', cols));
    DELETE FROM campaign_counts k
     WHERE k.campaign_id IN (SELECT DISTINCT o.campaign_id FROM old_rows o)
       AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.campaign_id = k.campaign_id);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- The replies and taps of recipients already sent to: the number's first message to the bot that
-- sent to it after the send, and its taps since (the bot as the network names it, network_messages.sender).
UPDATE campaign_recipients r
   SET replied_at = e.replied_at, clicks = e.clicks
  FROM (SELECT x.campaign_id, x.seq,
               min(ev.received_at) FILTER (WHERE ev.kind = 'user_message') AS replied_at,
               count(*) FILTER (WHERE ev.kind = 'suggestion_response')::int AS clicks
          FROM campaign_recipients x
          JOIN network_messages m ON m.message_id = x.message_id::text
          JOIN network_events ev
            ON (CASE WHEN ev.sender LIKE '+%' THEN ev.sender ELSE '+' || ev.sender END) = x.msisdn
           AND ev.received_at >= x.sent_at AND ev.network = m.network
           AND m.sender = CASE ev.network WHEN 'rbm' THEN ev.payload->>'agentId' WHEN 'maap' THEN ev.payload->>'botId'
                                          WHEN 'whatsapp' THEN ev.payload->'metadata'->>'phone_number_id' END
         WHERE x.sent_at IS NOT NULL AND ev.kind IN ('user_message', 'suggestion_response')
         GROUP BY 1, 2) e
 WHERE r.campaign_id = e.campaign_id AND r.seq = e.seq;
--> statement-breakpoint
DO $do$ BEGIN
  EXECUTE campaign_counts_sql(
    'SELECT 1 AS s, campaign_id, status, channel, net_status, reason, replied_at, clicks FROM campaign_recipients');
END $do$;
--> statement-breakpoint
CREATE TRIGGER campaign_counts_insert AFTER INSERT ON campaign_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_update AFTER UPDATE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_delete AFTER DELETE ON campaign_recipients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_apply();
