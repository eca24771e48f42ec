import { ZWebhookDeliveryList, ZWebhookSettings } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBotsIn } from '../../../test/demo-bots.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedPartnerWebhooksDemo } from './partner-webhooks.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoBotsIn(t);
});
afterAll(() => t.close());

describe('demo webhooks', () => {
  it('when seeded twice then every registered demo bot has one verified webhook and a log in every state', async () => {
    const first = await seedPartnerWebhooksDemo({ database: t.database });
    expect(first.webhooks).toBeGreaterThan(0);
    expect((await seedPartnerWebhooksDemo({ database: t.database })).webhooks).toBe(0);
    const { rows } = await t.database.sql.query<{ bot_id: string; user_id: string }>(
      `SELECT w.bot_id, u.user_id FROM partner_webhooks w JOIN users u ON u.partner_id = w.partner_id
       WHERE u.email = 'developer@portico.test' LIMIT 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('the demo developer has no webhook');
    const token = await t.tokenFor(row.user_id);
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() } });
    const base = `/api/v1/secure/bots/${row.bot_id}/webhook`;
    const settings = ZWebhookSettings.parse(expectEnvelope(await get(base), 200).data);
    expect(settings.verified_at).not.toBeNull();
    expect(settings.counts).toMatchObject({ delivered: 3, retrying: 1, dead: 1 });
    const log = ZWebhookDeliveryList.parse(expectEnvelope(await get(`${base}/deliveries`), 200).data);
    expect(new Set(log.items.map((d) => d.status))).toEqual(new Set(['delivered', 'retrying', 'dead']));
  });
});
