import { BRAND_MACHINE, ROLES, type TBrand, type TReviewHistory } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { DEMO_SECOND_CARRIER, seedDemoBrands } from './brands.seed.ts';

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

describe('demo brands', () => {
  it('when seeded twice then every brand state exists once, for several partners, with histories', async () => {
    const storage = createStorage(t.config.storage);
    expect(await seedDemoBrands(t.database, storage)).toEqual({ brands: 10, created: 10 });
    expect(await seedDemoBrands(t.database, storage)).toEqual({ brands: 10, created: 0 });
    // Every brand carries real PDF documents (the draft one, the others two), made once.
    const documents = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM brand_documents GROUP BY brand_id ORDER BY n',
    );
    expect(documents.rows.map((r) => r.n)).toEqual([1, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    const { rows } = await t.database.sql.query<{ status: number; partner_id: string }>(
      'SELECT status, partner_id FROM brands',
    );
    const codes = new Set(rows.map((r) => r.status));
    for (const state of Object.values(BRAND_MACHINE.states)) expect(codes, state.label).toContain(state.code);
    expect(new Set(rows.map((r) => r.partner_id))).toEqual(
      new Set([DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId]),
    );
  });

  it('when the seeded accounts sign in then each screen has rows: developer, super admin, and both carriers', async () => {
    const developer = await asUser('developer@portico.test');
    const own = expectEnvelope(await developer('/api/v1/secure/brands?end=50'), 200).data as {
      total: number;
    };
    expect(own.total).toBe(6);
    const admin = await asUser('superadmin@portico.test');
    const forwarded = expectEnvelope(await admin('/api/v1/secure/brands?status=forwarded'), 200).data as {
      total: number;
    };
    expect(forwarded.total).toBe(2);
    const jio = await asUser('carrier-admin@portico.test');
    const pending = expectEnvelope(await jio('/api/v1/secure/brands?status=to_be_approved_by_carrier'), 200)
      .data as { items: { brand_id: string }[] };
    expect(pending.items.length).toBeGreaterThanOrEqual(3);
    const airtel = await asUser(DEMO_SECOND_CARRIER.email);
    const approvedBrand = '00000000-0000-4000-8000-000000000105';
    const seen = expectEnvelope(await airtel(`/api/v1/secure/brands/${approvedBrand}`), 200).data as TBrand;
    expect(seen.carrier_status?.key).toBe('rejected');
    const history = expectEnvelope(await airtel(`/api/v1/secure/brands/${approvedBrand}/history`), 200)
      .data as TReviewHistory;
    expect(history.items.find((e) => e.action === 'reject')?.reason).toMatch(/GST/);
    expect(history.items.find((e) => e.action === 'reject')?.actor_role).toBe(ROLES.ADMIN_BILLING);
    // Its documents download through signed links as real PDFs the server itself can parse.
    expect(seen.documents.map((d) => d.document_type)).toEqual([
      'Certificate of Incorporation',
      'GST Registration Certificate',
    ]);
    const link = expectEnvelope(
      await airtel(`/api/v1/secure/brands/${approvedBrand}/documents/${seen.documents[0]?.document_id}/link`),
      200,
    ).data as { url: string };
    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(file.headers['content-length'])).toBe(seen.documents[0]?.size_bytes);
  });
});
