/**
 * MY BOTS benchmark data (issue 13): 10,000 bots across 200 partners (the bench developer's partner
 * and 199 others), 50 each, in every status, most with two carriers, so the list call of one partner
 * runs against a realistically filled table.
 */

import type { Database } from '@portico/api/platform/db/index';
import { BOT_STATUS } from '@portico/domain';

export const BENCH_BOTS = 10_000;
export const BENCH_BOT_PARTNERS = 200;
/** The window the list call asks for (MY BOTS' first page). */
export const BOTS_WINDOW = { start: 0, end: 10 };

export async function seedBenchBots(
  database: Database,
  benchPartnerId: string,
): Promise<{ bots: number; partners: number }> {
  const perPartner = BENCH_BOTS / BENCH_BOT_PARTNERS;
  const { rows } = await database.sql.query<{ partner_id: string }>(
    `INSERT INTO partners (kind, company) SELECT 'developer', jsonb_build_object('name', 'Bench Partner ' || g)
     FROM generate_series(1, ${BENCH_BOT_PARTNERS - 1}) g RETURNING partner_id`,
  );
  const partners = [benchPartnerId, ...rows.map((r) => r.partner_id)];
  const statuses = Object.values(BOT_STATUS);
  await database.sql.query(
    `INSERT INTO bots (partner_id, channels, status, name, description, brand_color, region, api_type, created_at, updated_at)
     SELECT p.partner_id,
            CASE WHEN g % 5 = 0 THEN ARRAY[1, 2] WHEN g % 3 = 0 THEN ARRAY[2] ELSE ARRAY[1] END,
            (ARRAY[${statuses.join(',')}])[1 + g % ${statuses.length}],
            'Bench bot ' || p.n || '-' || g,
            'A bot of the benchmark.',
            '#1A73E8',
            'India',
            'GOOGLE',
            now() - (g || ' minutes')::interval,
            now() - (g || ' minutes')::interval
     FROM unnest($1::uuid[]) WITH ORDINALITY AS p(partner_id, n), generate_series(1, ${perPartner}) g`,
    [partners],
  );
  await database.sql.query(
    `INSERT INTO bot_carriers (bot_id, carrier_id, status)
     SELECT b.bot_id, c.carrier_id, 0 FROM bots b
     CROSS JOIN LATERAL (SELECT carrier_id FROM carriers WHERE country_id = 'IN' ORDER BY carrier_id LIMIT 2) c
     WHERE b.name LIKE 'Bench bot %'`,
  );
  await database.sql.exec('ANALYZE bots; ANALYZE bot_carriers;');
  return { bots: BENCH_BOTS, partners: partners.length };
}
