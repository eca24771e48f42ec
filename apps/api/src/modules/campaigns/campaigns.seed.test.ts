import { CAMPAIGN_STATUSES, campaignReference } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountCampaign } from '../../../test/campaign-counts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { seedModules } from '../../seed.ts';
import { DEMO_AUDIENCE_TESTERS } from '../bot-testing/bot-testing.seed.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';

/**
 * The demo campaigns (issue 28 point 8), seeded through the running app (its job workers, the
 * mounted sandbox over HTTP, the wallet): every run status for the demo developer and the approved
 * aggregator, the wallet's campaign rows made by those campaigns and nothing else, and a second
 * seed that changes no row.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ listen: true, env: { DEMO: '1', PORTICO_ROLE: 'all' } });
  await seedModules(t.database, t.config, { demo: true });
}, 600_000);
afterAll(() => t.close());

const PARTNERS = [DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId];

async function snapshot() {
  // Values as the driver gives them (text, numbers, dates), compared as they are.
  const q = async (text: string) =>
    (await t.database.sql.query<Record<string, string>>(text, [PARTNERS])).rows;
  return {
    campaigns: await q(
      `SELECT partner_id, name, status, channel, recipients, estimate_micros::text, charged_micros::text,
              released_micros::text, created_at, started_at, ended_at, paused_at
         FROM campaigns WHERE partner_id = ANY($1::uuid[]) ORDER BY partner_id, name`,
    ),
    recipients: await q(
      `SELECT c.name, r.status, r.reason, r.channel, count(*)::int AS n FROM campaign_recipients r
         JOIN campaigns c USING (campaign_id) WHERE c.partner_id = ANY($1::uuid[])
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
    ledger: await q(
      `SELECT partner_id, kind, description, amount::text, reference FROM ledger_transactions
        WHERE partner_id = ANY($1::uuid[]) ORDER BY partner_id, created_at, transaction_id`,
    ),
  };
}

describe('demo campaigns', () => {
  it("when seeded twice then every status is there once per partner, the second seed changes nothing, and the wallet rows are the campaigns'", async () => {
    const first = await t.server.seedLiveDemo();
    expect(first.campaigns).toMatchObject({ campaigns: 17 });
    // The audiences' live demo (before the campaigns'): the demo developer's audience's reach.
    expect(first.audiences).toEqual({ reach: expect.any(Number) });
    const after = await snapshot();
    expect(await t.server.seedLiveDemo()).toEqual({ audiences: { reach: 0 }, campaigns: { campaigns: 0 } });
    expect(await snapshot()).toEqual(after);

    for (const partnerId of PARTNERS) {
      const mine = after.campaigns.filter((c) => c.partner_id === partnerId);
      expect(new Set(mine.map((c) => c.status))).toEqual(new Set(CAMPAIGN_STATUSES));
      // Completed ones sent real messages, over past weeks; the running one is paused, with its hold.
      const completed = mine.filter((c) => c.status === 'c');
      expect(completed.length).toBeGreaterThanOrEqual(3);
      for (const c of completed) {
        expect(BigInt(c.charged_micros ?? 0)).toBeGreaterThan(0n);
        expect(BigInt(c.charged_micros ?? 0) + BigInt(c.released_micros ?? 0)).toBe(
          BigInt(c.estimate_micros ?? 0),
        );
      }
      expect(Math.min(...completed.map((c) => new Date(c.started_at ?? 0).getTime()))).toBeLessThan(
        Date.now() - 14 * 86_400_000,
      );
      expect(mine.find((c) => c.status === 'r')?.paused_at).not.toBeNull();

      // Every campaign row of the wallet names a demo campaign, and moves exactly its money.
      const names = new Set(mine.map((c) => c.name));
      const rows = after.ledger.filter(
        (l) => l.partner_id === partnerId && /^Campaign/.test(l.description ?? ''),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows)
        expect(names.has(String(row.reference ?? '').replace(/^Campaign /, ''))).toBe(true);
      expect(after.ledger.some((l) => String(l.description).includes('3,120 messages'))).toBe(false);
      for (const c of mine) {
        const of = rows.filter((l) => l.reference === campaignReference(c.name ?? ''));
        const charged = of
          .filter((l) => l.kind === 'capture' || l.kind === 'debit')
          .reduce((sum, l) => sum + BigInt(l.amount ?? 0), 0n);
        const released = of
          .filter((l) => l.kind === 'release')
          .reduce((sum, l) => sum + BigInt(l.amount ?? 0), 0n);
        expect([c.name, charged, released]).toEqual([
          c.name,
          BigInt(c.charged_micros ?? 0),
          BigInt(c.released_micros ?? 0),
        ]);
      }
    }
    // The developer's campaign through its bot waiting for launch went to its accepted testers only.
    const { rows: preview } = await t.database.sql.query<{ msisdn: string; status: string; only: boolean }>(
      `SELECT r.msisdn, r.status, c.test_devices_only AS only FROM campaign_recipients r
         JOIN campaigns c USING (campaign_id)
        WHERE c.partner_id = $1 AND c.name = 'Lamp preview (test devices)' ORDER BY r.msisdn`,
      [DEMO_PARTNERS.developer.partnerId],
    );
    expect(preview).toEqual([
      {
        msisdn: DEMO_AUDIENCE_TESTERS[0],
        status: expect.stringMatching(/^(sent|delivered|read)$/),
        only: true,
      },
      {
        msisdn: DEMO_AUDIENCE_TESTERS[1],
        status: expect.stringMatching(/^(sent|delivered|read)$/),
        only: true,
      },
    ]);
    // Real sends: the completed campaigns' recipients were sent, some skipped or sent as SMS.
    expect(after.recipients.filter((r) => r.status === 'sent').length).toBeGreaterThan(0);
    // The first completed RCS campaign's users replied and tapped on their handsets: three each,
    // counted after the send (moved back with it), and the kept counts are the recipients' own.
    const repository = createCampaignsRepository(t.database);
    for (const partnerId of PARTNERS) {
      const { rows } = await t.database.sql.query<{ campaign_id: string; early: number }>(
        `SELECT c.campaign_id,
                (SELECT count(*)::int FROM campaign_recipients r
                  WHERE r.campaign_id = c.campaign_id AND r.replied_at < r.sent_at) AS early
           FROM campaigns c WHERE c.partner_id = $1 AND c.name = 'Diwali offers'`,
        [partnerId],
      );
      const diwali = rows[0];
      if (!diwali) throw new Error('no Diwali offers campaign');
      const { last_minute: _pace, ...kept } = await repository.counts(diwali.campaign_id);
      expect(kept).toMatchObject({ replied: 3, clicked: 3 });
      expect(kept).toEqual(await recountCampaign(t.database, diwali.campaign_id));
      expect(diwali.early).toBe(0);
    }
  }, 600_000);
});
