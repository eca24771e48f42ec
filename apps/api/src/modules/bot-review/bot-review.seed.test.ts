import {
  BOT_CARRIER_MACHINE,
  BOT_STATUS,
  type TBotReviewList,
  type TLaunchSummary,
  type TReviewDashboard,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { seedDemoBots } from '../bots/bots.seed.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { seedDemoWallets, seedRatePlans } from '../wallet/wallet.seed.ts';
import { seedDemoLaunches } from './bot-review.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database);
  await seedRatePlans(t.database);
  await seedDemoWallets(t.database, [DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId]);
  await seedDemoBrands(t.database, createStorage(t.config.storage));
  await seedDemoBots(t.database);
});
afterAll(() => t.close());

const asUser = async (email: string) => {
  const { rows } = await t.database.sql.query<{ user_id: string }>(
    'SELECT user_id FROM users WHERE email = $1',
    [email],
  );
  const token = await t.tokenFor(rows[0]?.user_id ?? '');
  return async <T>(url: string) =>
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      }),
      200,
    ).data as T;
};

/** The ledger's own invariant for one partner, from the tables: held holds = the holds account's balance. */
async function ledgerExact(partnerId: string) {
  const q = async (text: string) =>
    BigInt((await t.database.sql.query<{ v: string | null }>(text, [partnerId])).rows[0]?.v ?? 0);
  const held = await q(
    "SELECT sum(amount)::text AS v FROM ledger_holds WHERE partner_id = $1 AND status = 'held'",
  );
  const holdsAccount = await q(
    "SELECT balance::text AS v FROM ledger_accounts WHERE partner_id = $1 AND kind = 'holds'",
  );
  const wallet = await q(
    "SELECT balance::text AS v FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'",
  );
  const walletEntries = await q(
    "SELECT sum(e.amount)::text AS v FROM ledger_entries e JOIN ledger_accounts a USING (account_id) WHERE a.partner_id = $1 AND a.kind = 'wallet'",
  );
  return { held, holdsAccount, wallet, walletEntries };
}

describe('demo launches', () => {
  it('when seeded twice then every launch exists once and the wallets stay exact', async () => {
    expect(await seedDemoLaunches(t.database)).toEqual({ launches: 20, created: 20 });
    const before = await ledgerExact(DEMO_PARTNERS.aggregator.partnerId);
    const rows = async () =>
      (
        await t.database.sql.query(
          `SELECT (SELECT count(*)::int FROM review_history) AS history, (SELECT count(*)::int FROM launches) AS launches,
             (SELECT count(*)::int FROM ledger_transactions) AS moves, (SELECT max(updated_at)::text FROM bots) AS bots`,
        )
      ).rows[0];
    const written = await rows();
    expect(await seedDemoLaunches(t.database)).toEqual({ launches: 20, created: 0 });
    expect(await rows()).toEqual(written);
    for (const partner of [DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId]) {
      const exact = await ledgerExact(partner);
      expect(exact.held).toBe(exact.holdsAccount);
      expect(exact.wallet).toBe(exact.walletEntries);
      expect(exact.wallet > 0n).toBe(true);
    }
    expect(await ledgerExact(DEMO_PARTNERS.aggregator.partnerId)).toEqual(before);
  });

  it('when seeded then every bot in a review state has a submitted launch: its time, its carriers, and a history that ends where the bot and each carrier are', async () => {
    const { rows: reviewBots } = await t.database.sql.query<{
      bot_id: string;
      status: number;
      submitted_at: Date | null;
      verified: number[] | null;
      hold_id: string | null;
    }>(
      `SELECT b.bot_id, b.status, l.submitted_at, l.verified_carrier_ids AS verified, l.hold_id
         FROM bots b LEFT JOIN launches l USING (bot_id) WHERE b.status NOT IN ($1, $2)`,
      [BOT_STATUS.in_progress, BOT_STATUS.in_progress_carrier_submission],
    );
    expect(reviewBots.length).toBe(19);
    for (const bot of reviewBots) {
      expect(bot.submitted_at, bot.bot_id).not.toBeNull();
      expect(bot.verified?.length, bot.bot_id).toBeGreaterThan(0);
      expect(bot.hold_id, bot.bot_id).not.toBeNull();
      const { rows: history } = await t.database.sql.query<{
        subject: string;
        carrier_id: number | null;
        action: string;
        to_code: number;
      }>(
        `SELECT subject, carrier_id, action, to_code FROM review_history
          WHERE subject_id = $1 AND action NOT IN ('created', 'register') ORDER BY created_at, id`,
        [bot.bot_id],
      );
      expect(history[0]?.action, bot.bot_id).toBe('submit');
      expect(history.filter((row) => row.subject === 'bot').at(-1)?.to_code, bot.bot_id).toBe(bot.status);
      const { rows: carriers } = await t.database.sql.query<{ carrier_id: number; status: number }>(
        'SELECT carrier_id, status FROM bot_carriers WHERE bot_id = $1',
        [bot.bot_id],
      );
      for (const carrier of carriers) {
        const last = history.filter((row) => row.carrier_id === carrier.carrier_id).at(-1);
        expect(last?.to_code, `${bot.bot_id} carrier ${carrier.carrier_id}`).toBe(carrier.status);
      }
    }
    // Every row of every review list shows when it was submitted.
    const admin = await asUser('superadmin@portico.test');
    const all = await admin<TBotReviewList>('/api/v1/secure/bot-reviews?tab=all&end=100');
    expect(all.total).toBe(19);
    expect(all.items.filter((item) => item.submitted_at === null)).toEqual([]);
    const carrier = await asUser('carrier-admin@portico.test');
    const mine = await carrier<TBotReviewList>('/api/v1/secure/carrier/bot-reviews?tab=all&end=100');
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.filter((item) => item.submitted_at === null)).toEqual([]);
  });

  it('when the reviewers sign in then every tab and the Jio carrier users have rows, with reasons and dashboards', async () => {
    const admin = await asUser('admin-readonly@portico.test');
    for (const tab of ['submitted', 'verification', 'forwarded', 'approved', 'rejected', 'creation', 'all']) {
      const page = await admin<TBotReviewList>(`/api/v1/secure/bot-reviews?tab=${tab}`);
      expect(page.total, tab).toBeGreaterThan(0);
    }
    const carrier = await asUser('carrier-user@portico.test');
    for (const tab of ['submitted', 'forwarded', 'approved', 'rejected']) {
      const page = await carrier<TBotReviewList>(`/api/v1/secure/carrier/bot-reviews?tab=${tab}`);
      expect(page.total, tab).toBeGreaterThan(0);
      for (const item of page.items) expect(item.carriers).toHaveLength(1);
    }
    const failed = await admin<TBotReviewList>('/api/v1/secure/bot-reviews?tab=approved&end=50');
    expect(failed.items.some((item) => item.status.code === BOT_STATUS.launch_failed)).toBe(true);
    const rejected = await carrier<TBotReviewList>('/api/v1/secure/carrier/bot-reviews?tab=rejected');
    expect(rejected.items[0]?.carrier_status?.code).toBe(BOT_CARRIER_MACHINE.states.rejected.code);
    // Every row opens: the launch summary of each, as the platform and as the carrier read it.
    const all = await admin<TBotReviewList>('/api/v1/secure/bot-reviews?tab=all&end=100');
    for (const item of all.items) {
      const summary = await admin<TLaunchSummary>(`/api/v1/secure/bot-reviews/${item.bot_id}`);
      expect(summary.bot.bot_id).toBe(item.bot_id);
    }
    const mine = await carrier<TBotReviewList>('/api/v1/secure/carrier/bot-reviews?tab=all&end=100');
    for (const item of mine.items) {
      const summary = await carrier<TLaunchSummary>(`/api/v1/secure/carrier/bot-reviews/${item.bot_id}`);
      expect(summary.carriers).toHaveLength(1);
    }
    const dashboard = await admin<TReviewDashboard>('/api/v1/secure/review-dashboard');
    expect(dashboard.requests.reduce((n, day) => n + day.bots, 0)).toBeGreaterThanOrEqual(8);
    expect(dashboard.cards.find((c) => c.subject === 'bots')?.oldest_waiting).not.toBeNull();
  });
});
