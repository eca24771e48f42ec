import type { Database } from '../src/platform/db/index.ts';

/**
 * A campaign's counts recounted from its recipients, one pass over them (the definition the kept
 * counts of decision 0061 must equal): the oracle of the counts tests.
 */
export async function recountCampaign(database: Database, campaignId: string) {
  const NET = `CASE WHEN r.status = 'sent' AND r.channel <> 'sms' THEN r.net_status END`;
  const { rows } = await database.sql.query<Record<string, unknown>>(
    `SELECT count(*)::int AS recipients,
            count(*) FILTER (WHERE r.status = 'queued')::int AS queued,
            count(*) FILTER (WHERE r.status = 'sent' AND coalesce(${NET}, 'sent') <> 'failed')::int AS sent,
            count(*) FILTER (WHERE ${NET} IN ('delivered', 'read'))::int AS delivered,
            count(*) FILTER (WHERE ${NET} = 'read')::int AS read,
            count(*) FILTER (WHERE r.status = 'failed' OR ${NET} = 'failed')::int AS failed,
            count(*) FILTER (WHERE r.status = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE r.channel = 'sms')::int AS fallback_sms,
            count(*) FILTER (WHERE r.replied_at IS NOT NULL)::int AS replied,
            coalesce(sum(r.clicks), 0)::int AS clicked,
            (SELECT jsonb_object_agg(reason, n) FROM (
               SELECT coalesce(x.reason, 'undelivered') AS reason, count(*)::int AS n
                 FROM campaign_recipients x
                WHERE x.campaign_id = $1
                  AND (x.status = 'failed' OR (CASE WHEN x.status = 'sent' AND x.channel <> 'sms' THEN x.net_status END) = 'failed')
                GROUP BY 1) g) AS by_reason
       FROM campaign_recipients r WHERE r.campaign_id = $1`,
    [campaignId],
  );
  return rows[0];
}
