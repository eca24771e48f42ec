import {
  TEMPLATE_STATES,
  ZActiveTemplateList,
  ZReviewHistory,
  ZTemplate,
  ZTemplateList,
  ZTemplateTestSummary,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBotsIn } from '../../../test/demo-bots.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedBotTestingDemo } from '../bot-testing/bot-testing.seed.ts';
import { seedDemoTemplates } from './templates.seed.ts';

const S = '/api/v1/secure';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoBotsIn(t);
  await seedBotTestingDemo({ database: t.database });
});
afterAll(() => t.close());

const asUser = async (email: string) => {
  const { rows } = await t.database.sql.query<{ user_id: string }>(
    'SELECT user_id FROM users WHERE email = $1',
    [email],
  );
  const token = await t.tokenFor(rows[0]?.user_id ?? '');
  return async (url: string) =>
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      }),
      200,
    ).data;
};

describe('demo templates', () => {
  it('when seeded twice then each demo partner has templates in every state, once', async () => {
    const first = await seedDemoTemplates(t.database);
    expect(first.templates).toBeGreaterThanOrEqual(18);
    expect((await seedDemoTemplates(t.database)).templates).toBe(0);

    for (const email of ['developer@portico.test', 'aggregator@portico.test']) {
      const get = await asUser(email);
      const list = ZTemplateList.parse(await get(`${S}/templates?end=100`));
      const states = new Set(list.items.map((i) => i.status.key));
      expect([...states].sort()).toEqual([...TEMPLATE_STATES].sort());
      expect(new Set(list.items.map((i) => i.channel))).toEqual(new Set(['rcs', 'whatsapp']));
      // A new version pending over an approved one.
      const versioned = list.items.find((i) => i.version === 2);
      expect(versioned).toMatchObject({ status: { key: 'pending' }, active_version: 1 });
      // A tested template: its summary shows the read message and the tap.
      const tested = list.items.find((i) => i.name === 'Order shipped card');
      if (!tested) throw new Error('no tested demo template');
      const summary = ZTemplateTestSummary.parse(
        await get(`${S}/templates/${tested.template_id}/test-summary`),
      );
      expect(summary.totals).toMatchObject({ devices: 1, read: 1, tapped: 1 });
      const detail = ZTemplate.parse(await get(`${S}/templates/${tested.template_id}`));
      expect(detail.versions[0]?.status.key).toBe('approved');
      const history = ZReviewHistory.parse(await get(`${S}/templates/${tested.template_id}/history`));
      expect(history.items.map((h) => h.action).reverse()).toEqual(['created', 'submit', 'approve']);
      const active = ZActiveTemplateList.parse(await get(`${S}/templates/active`));
      expect(active.total).toBeGreaterThan(0);
    }
  });

  it('when the read-write admin lists templates then the submitted ones of both partners are there, drafts not', async () => {
    const get = await asUser('admin-readwrite@portico.test');
    const list = ZTemplateList.parse(await get(`${S}/templates?end=100&status=pending`));
    expect(list.total).toBeGreaterThanOrEqual(4);
    const drafts = ZTemplateList.parse(await get(`${S}/templates?end=100&status=draft`));
    expect(drafts.total).toBe(0);
  });
});
