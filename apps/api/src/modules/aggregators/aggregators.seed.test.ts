import type { TAggregator, TReviewHistory } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { seedDemoAggregators } from './aggregators.seed.ts';

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
const S = '/api/v1/secure';
const KESTREL = '00000000-0000-4000-8000-000000000021';

describe('demo aggregators', () => {
  it('when seeded twice then the aggregators are made once, with billing info, carrier reviews and histories', async () => {
    expect(await seedDemoAggregators(t.database)).toEqual({ aggregators: 4, created: 4 });
    expect(await seedDemoAggregators(t.database)).toEqual({ aggregators: 4, created: 0 });
  });

  it('when the seeded accounts sign in then the admin sees every state, each carrier its own decisions, and the aggregators their billing info', async () => {
    const admin = await asUser('superadmin@portico.test');
    for (const status of ['awaiting_approval', 'forwarded', 'approved', 'rejected']) {
      const list = expectEnvelope(await admin(`${S}/aggregators?status=${status}`), 200).data as {
        total: number;
      };
      expect(list.total, status).toBeGreaterThanOrEqual(1);
    }
    const orbit = expectEnvelope(await admin(`${S}/aggregators/${DEMO_PARTNERS.aggregator.partnerId}`), 200)
      .data as TAggregator;
    expect(orbit.billing?.billing_category.code).toBe('CONVERSATIONAL');
    expect(orbit.carriers.map((c) => c.status.key).sort()).toEqual([
      'approved',
      'approved',
      'to_be_approved_by_carrier',
    ]);

    const jio = await asUser('carrier-admin@portico.test');
    const kestrel = expectEnvelope(await jio(`${S}/aggregators/${KESTREL}`), 200).data as TAggregator;
    expect(kestrel.allowed_actions).toEqual(['approve', 'reject']);
    expect(kestrel.carriers.map((c) => c.name)).toEqual(['Reliance Jio']);
    const airtel = await asUser('airtel-admin@portico.test');
    const history = expectEnvelope(await airtel(`${S}/aggregators/${KESTREL}/history`), 200)
      .data as TReviewHistory;
    expect(history.items.find((e) => e.action === 'reject')?.reason).toMatch(/tax id/);
    // The pending aggregator is before no carrier.
    const pending = DEMO_PARTNERS.aggregatorPending.partnerId;
    expectEnvelope(await jio(`${S}/aggregators/${pending}`), 404);

    for (const email of ['aggregator@portico.test', 'aggregator-pending@portico.test']) {
      const own = expectEnvelope(await (await asUser(email))(`${S}/aggregators/mine/billing`), 200).data as {
        billing: { tax_id: string } | null;
      };
      expect(own.billing?.tax_id, email).toMatch(/^\d{2}[A-Z]{5}/);
    }
  });
});
