import { BOT_STATUS, type TBot, type TBotListItem, type TReviewHistory } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { seedDemoBots } from './bots.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database);
  await seedDemoBrands(t.database, createStorage(t.config.storage));
});
afterAll(() => t.close());

const asUser = async (email: string) => {
  const { rows } = await t.database.sql.query<{ user_id: string }>(
    'SELECT user_id FROM users WHERE email = $1',
    [email],
  );
  const token = await t.tokenFor(rows[0]?.user_id ?? '');
  return (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() } });
};

describe('demo bots', () => {
  it('when seeded twice then every status exists once for the developer and for the aggregator', async () => {
    expect(await seedDemoBots(t.database)).toEqual({ bots: 25, created: 25 });
    expect(await seedDemoBots(t.database)).toEqual({ bots: 25, created: 0 });
    const { rows } = await t.database.sql.query<{ status: number; partner_id: string }>(
      'SELECT status, partner_id FROM bots',
    );
    for (const partner of [DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId]) {
      const codes = new Set(rows.filter((r) => r.partner_id === partner).map((r) => r.status));
      for (const code of Object.values(BOT_STATUS)) expect(codes, `${partner} ${code}`).toContain(code);
    }
    // Launched bots both listed in the store and waiting in the platform's listing queue.
    const { rows: listing } = await t.database.sql.query<{ listed_in_store: boolean }>(
      'SELECT listed_in_store FROM bots WHERE status = $1 AND listing IS NOT NULL',
      [BOT_STATUS.launched],
    );
    expect(new Set(listing.map((r) => r.listed_in_store))).toEqual(new Set([true, false]));
  });

  it('when the demo accounts sign in then MY BOTS has rows with brands, carriers, network ids and history', async () => {
    const developer = await asUser('developer@portico.test');
    const launched = expectEnvelope(await developer('/api/v1/secure/bots?status=launched&end=50'), 200)
      .data as {
      items: TBotListItem[];
    };
    expect(launched.items.length).toBeGreaterThanOrEqual(2);
    expect(launched.items.every((item) => item.carriers.length > 0 && item.brand !== null)).toBe(true);
    const whatsapp = expectEnvelope(await developer('/api/v1/secure/bots?channel=whatsapp'), 200).data as {
      total: number;
    };
    expect(whatsapp.total).toBe(3);
    const bot = expectEnvelope(await developer(`/api/v1/secure/bots/${launched.items[0]?.bot_id}`), 200)
      .data as TBot;
    expect(
      bot.network.rbm_agent ?? bot.network.maap_bot_id ?? bot.network.whatsapp_phone_number_id,
    ).toBeTruthy();
    const history = expectEnvelope(await developer(`/api/v1/secure/bots/${bot.bot_id}/history`), 200)
      .data as TReviewHistory;
    expect(history.items.map((entry) => entry.action)).toContain('created');

    // A launched GSMA MaaP chatbot: the MaaP shape of the partner API has a live bot to call.
    const gsma = expectEnvelope(await developer('/api/v1/secure/bots?status=launched&end=50'), 200).data as {
      items: Array<TBotListItem & { bot_id: string }>;
    };
    const maap = await Promise.all(
      gsma.items.map(
        async (item) =>
          expectEnvelope(await developer(`/api/v1/secure/bots/${item.bot_id}`), 200).data as TBot,
      ),
    );
    expect(maap.filter((b) => b.network.maap_bot_id !== null).map((b) => b.name)).toEqual([
      'Chai Point Care',
    ]);

    const child = await asUser('child-readonly@portico.test');
    const aggregatorBots = expectEnvelope(await child('/api/v1/secure/bots?end=50'), 200).data as {
      total: number;
    };
    expect(aggregatorBots.total).toBe(11);
  });
});
