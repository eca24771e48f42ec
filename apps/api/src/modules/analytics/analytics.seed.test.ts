import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DEMO_PARTNERS, seedDemoData } from '../../platform/db/seed/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { seedDemoBots } from '../bots/bots.seed.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { seedCarrierPrefixes } from '../metering/metering.seed.ts';
import { seedDemoWallets, seedRatePlans } from '../wallet/wallet.seed.ts';
import { DEMO_HISTORY_DAYS, seedDemoAnalytics } from './analytics.seed.ts';

let t: TestApp;
const partners = Object.values(DEMO_PARTNERS)
  .filter((p) => p.hasEwallet)
  .map((p) => p.partnerId);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database);
  await seedRatePlans(t.database);
  await seedCarrierPrefixes(t.database);
  await seedDemoWallets(t.database, partners);
  await seedDemoBrands(t.database, createStorage(t.config.storage));
  await seedDemoBots(t.database);
}, 120_000);
afterAll(() => t.close());

describe('demo billing analytics', () => {
  it('when seeded twice (DEMO=1 order) then the demo partners have 90 days of traffic on Indian and other carriers, once, and the rollups add up to the ledger debit', async () => {
    const first = await seedDemoAnalytics(t.database);
    expect(first.partners).toBeGreaterThan(0);
    expect(first.messages).toBeGreaterThan(1000);
    expect(await seedDemoAnalytics(t.database)).toEqual({ partners: 0, messages: 0, ledgerTransactions: 0 });

    const { rows } = await t.database.sql.query<{
      partner_id: string;
      days: number;
      regions: string[];
      rolled: string;
      debited: string;
    }>(
      `SELECT r.partner_id,
              count(DISTINCT (r.bucket AT TIME ZONE 'UTC')::date)::int AS days,
              array_agg(DISTINCT c.region ORDER BY c.region) AS regions,
              sum(r.amount) FILTER (WHERE r.status = 'sent')::text AS rolled,
              (SELECT sum(amount) FROM ledger_transactions t
                WHERE t.partner_id = r.partner_id AND t.kind = 'debit' AND t.idempotency_key LIKE 'metering:%')::text AS debited
         FROM analytics_rollups r JOIN countries c USING (country_id)
        GROUP BY r.partner_id`,
    );
    expect(rows.length).toBe(first.partners);
    for (const row of rows) {
      // Today has traffic only after its first minutes; receipts can fall on the next day.
      expect(row.days).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 1);
      expect(row.regions).toEqual(['India', 'Rest of World']);
      expect(row.rolled).toBe(row.debited);
    }
    const { rows: money } = await t.database.sql.query<{ kind: string }>(
      'SELECT DISTINCT kind FROM analytics_money_rollups ORDER BY kind',
    );
    expect(money.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['message_charge', 'top_up', 'verification_fee']),
    );
  }, 120_000);
});
