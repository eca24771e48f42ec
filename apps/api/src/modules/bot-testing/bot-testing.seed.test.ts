import type { TConversation, TTestDevice } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { seedDemoBots } from '../bots/bots.seed.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { seedBotTestingDemo } from './bot-testing.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database);
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

describe('demo test devices', () => {
  it('when the bots seed registered bots first (DEMO=1 order) then every registered demo bot gets devices', async () => {
    const other = await createTestApp();
    try {
      await seedDemoData(other.database);
      await seedDemoBrands(other.database, createStorage(other.config.storage));
      await seedDemoBots(other.database);
      const { devices } = await seedBotTestingDemo({ database: other.database });
      expect(devices).toBeGreaterThan(0);
      const { rows } = await other.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bots b WHERE (b.rbm_agent IS NOT NULL OR b.whatsapp_phone_number_id IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM bot_test_devices d WHERE d.bot_id = b.bot_id)`,
      );
      expect(rows[0]?.n).toBe(0);
      // The launched GSMA MaaP chatbot's test numbers carry no invite: MaaP has none.
      const maap = await other.database.sql.query<{ invite_status: string | null }>(
        `SELECT d.invite_status FROM bot_test_devices d JOIN bots b USING (bot_id)
          WHERE b.maap_bot_id IS NOT NULL AND b.status = 10`,
      );
      expect(maap.rows).toEqual([{ invite_status: null }, { invite_status: null }]);
      const fallback = await other.database.sql.query(
        "SELECT 1 FROM bots WHERE bot_id::text LIKE '00000000-0000-4000-8e00-%'",
      );
      expect(fallback.rows).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('when seeded twice then each demo partner has devices in every invite state and a conversation, once', async () => {
    const first = await seedBotTestingDemo({ database: t.database });
    expect(first.devices).toBeGreaterThanOrEqual(10);
    expect(await seedBotTestingDemo({ database: t.database })).toEqual({ devices: 0 });

    for (const email of ['developer@portico.test', 'aggregator@portico.test']) {
      const get = await asUser(email);
      const { rows } = await t.database.sql.query<{ bot_id: string; channel: string }>(
        `SELECT DISTINCT d.bot_id, d.channel FROM bot_test_devices d JOIN users u ON u.partner_id = d.partner_id
         WHERE u.email = $1 ORDER BY d.channel`,
        [email],
      );
      const states = new Set<string | null>();
      for (const row of rows) {
        const list = expectEnvelope(await get(`/api/v1/secure/bots/${row.bot_id}/test-devices?end=50`), 200)
          .data as { items: TTestDevice[] };
        for (const device of list.items) states.add(device.invite_status);
        const conversations: TConversation[] = [];
        for (const device of list.items)
          conversations.push(
            expectEnvelope(
              await get(`/api/v1/secure/bots/${row.bot_id}/test-devices/${device.device_id}/conversation`),
              200,
            ).data as TConversation,
          );
        const talked = conversations.find((c) => c.items.length > 0);
        if (!talked) throw new Error(`no conversation on bot ${row.bot_id}`);
        expect(talked.items.map((i) => i.direction)).toEqual(['out', 'in', 'out', 'in']);
        expect(talked.items.filter((i) => i.direction === 'out').map((i) => i.status)).toEqual([
          'read',
          'delivered',
        ]);
      }
      expect(states, email).toEqual(new Set(['PENDING', 'ACCEPTED', 'DECLINED', null]));
    }
  });
});
