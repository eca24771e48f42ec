import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createMeteringForTest } from '../../../test/metering.ts';
import { DEMO_PARTNERS, seedDemoData } from '../../platform/db/seed/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { seedDemoBots } from '../bots/bots.seed.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { seedDemoWallets, seedRatePlans } from '../wallet/wallet.seed.ts';
import { seedCarrierPrefixes, seedDemoMetering } from './metering.seed.ts';

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

describe('demo metering', () => {
  it('when seeded (DEMO=1 order) then each demo wallet has metered messages in every state, and the settlement job charges them as one My Wallet row', async () => {
    expect(await seedDemoMetering(t.database, partners)).toBeGreaterThan(0);
    expect(await seedDemoMetering(t.database, partners)).toBe(0);
    const { rows } = await t.database.sql.query<{ partner_id: string; status: string; n: number }>(
      'SELECT partner_id, status, count(*)::int AS n FROM metered_messages GROUP BY partner_id, status',
    );
    // The demo wallet partners that have a bot (the developer's; the aggregator's when it has one).
    const metered = partners.filter((p) => rows.some((r) => r.partner_id === p));
    expect(metered.length).toBeGreaterThan(0);
    for (const partnerId of metered) {
      const states = rows.filter((r) => r.partner_id === partnerId).map((r) => r.status);
      expect(states.sort()).toEqual(['released', 'reserved', 'sent']);
    }
    // What the running app's metering.settle job does within a minute of start.
    await createMeteringForTest(t.database).metering.settleBatches();
    const { rows: debits } = await t.database.sql.query<{ partner_id: string; description: string }>(
      "SELECT partner_id, description FROM ledger_transactions WHERE kind = 'debit' AND idempotency_key LIKE 'metering:%'",
    );
    for (const partnerId of metered) {
      // Nine of each bot's twelve messages were sent; its up to three last changed RCS bots have traffic.
      const { rows: bots } = await t.database.sql.query<{ bot_id: string }>(
        'SELECT DISTINCT bot_id FROM metered_messages WHERE partner_id = $1',
        [partnerId],
      );
      expect(bots.length).toBeGreaterThan(0);
      expect(bots.length).toBeLessThanOrEqual(3);
      expect(debits.find((d) => d.partner_id === partnerId)?.description).toBe(
        `Messages sent: ${9 * bots.length}`,
      );
      // The bot /u/api opens on (the last changed one that can use the API) shows usage.
      const { rows: latest } = await t.database.sql.query<{ bot_id: string }>(
        `SELECT bot_id FROM bots WHERE partner_id = $1 AND (rbm_agent IS NOT NULL OR maap_bot_id IS NOT NULL)
         ORDER BY updated_at DESC, bot_id LIMIT 1`,
        [partnerId],
      );
      expect(bots.map((b) => b.bot_id)).toContain(latest[0]?.bot_id);
    }
    const { rows: usage } = await t.database.sql.query<{ kind: string; status: string }>(
      'SELECT DISTINCT kind, status FROM usage_daily ORDER BY kind, status',
    );
    expect(usage).toEqual([
      { kind: 'event', status: 'DELIVERED' },
      { kind: 'event', status: 'READ' },
      { kind: 'message', status: 'failed' },
      { kind: 'message', status: 'sent' },
    ]);
  });
});
