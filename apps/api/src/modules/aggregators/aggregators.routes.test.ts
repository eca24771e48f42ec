import {
  PROVIDER_APPROVED_STATUS,
  ROLES,
  type TAggregator,
  type TReviewHistory,
  ZBulkDecisionResult,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

const S = '/api/v1/secure';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pendingAggregator() {
  // Another aggregator with its own child user: counts and owners must be per partner.
  await t.factories.account(ROLES.CHILD_AGGREGATOR_READWRITE);
  const account = await t.factories.account(ROLES.DEVELOPER, {
    partner: {
      isAggregator: true,
      launchApproved: false,
      approvalStatus: null,
      company: { name: 'Pending Reach', countryId: 'IN' },
      address: { line1: '1 Reach Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
    },
  });
  await t.factories.user(account.partner.partnerId, { role: ROLES.CHILD_AGGREGATOR_READONLY });
  return account;
}
const decide = (
  subject: Parameters<TestApp['injectAs']>[0],
  partnerId: string,
  action: string,
  reason?: string,
) =>
  t.injectAs(subject, {
    method: 'POST',
    url: `${S}/aggregators/${partnerId}/review/${action}`,
    payload: reason ? { reason } : {},
  });

describe('aggregator approval', () => {
  it('when the super admin approves a pending aggregator then launchApproved and the approval status are set, its brand calls open, and the history says who', async () => {
    const { partner, user } = await pendingAggregator();
    const token = await t.tokenFor(user.userId);
    const createBrand = () =>
      t.app.inject({
        method: 'POST',
        url: `${S}/brands`,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
        // Valid by its schema; the industry names nothing, so once allowed the service answers 400.
        payload: {
          name: 'Reach Brand',
          industry_type_id: 2_147_483_000,
          website: 'https://reach.example',
          contact_name: 'Reach Person',
          contact_email: 'reach@brand.test',
          contact_phone: '+919876543210',
          address: { line1: '1 Reach Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
          carrier_ids: [1],
        },
      });
    // Until then, the server refuses its brand calls with why.
    expect(expectEnvelope(await createBrand(), 403).message).toMatch(/awaiting approval/);
    const listed = expectEnvelope(
      await t.injectAs(ROLES.ADMIN_PORTICO_READONLY, {
        method: 'GET',
        url: `${S}/aggregators?status=awaiting_approval&end=500`,
      }),
      200,
    ).data as { items: { partner_id: string; child_users: number }[] };
    expect(listed.items.find((i) => i.partner_id === partner.partnerId)).toMatchObject({
      child_users: 1,
      owner_email: user.email,
    });
    // Carriers do not see an aggregator the platform has not forwarded.
    expectEnvelope(
      await t.injectAs(ROLES.ADMIN_BILLING, { method: 'GET', url: `${S}/aggregators/${partner.partnerId}` }),
      404,
    );
    // Read-only admins change nothing.
    expectEnvelope(await decide(ROLES.ADMIN_PORTICO_READONLY, partner.partnerId, 'approve'), 403);

    const approved = expectEnvelope(
      await decide(ROLES.SUPER_ADMIN_PORTICO, partner.partnerId, 'approve'),
      200,
    ).data as TAggregator;
    expect(approved).toMatchObject({
      launch_approved: true,
      status: { key: 'approved', code: PROVIDER_APPROVED_STATUS },
    });
    expect(approved.users).toHaveLength(2);
    const { rows } = await t.database.sql.query<{ launch_approved: boolean; approval_status: number }>(
      'SELECT launch_approved, approval_status FROM partners WHERE partner_id = $1',
      [partner.partnerId],
    );
    expect(rows[0]).toEqual({ launch_approved: true, approval_status: PROVIDER_APPROVED_STATUS });
    // The approved-partner rule now lets its brand calls through (to the body's validation).
    expect((await createBrand()).statusCode).toBe(400);

    const history = expectEnvelope(
      await t.injectAs(ROLES.ADMIN_PORTICO_READONLY, {
        method: 'GET',
        url: `${S}/aggregators/${partner.partnerId}/history`,
      }),
      200,
    ).data as TReviewHistory;
    expect(history.items.map((e) => [e.action, e.to.code, e.actor_role])).toEqual([
      ['approve', 31, ROLES.SUPER_ADMIN_PORTICO],
    ]);
  });

  it('when rejected without a reason then 400; twice at once then one gets 409 with the current state', async () => {
    const { partner } = await pendingAggregator();
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, partner.partnerId, 'reject'), 400);
    const results = await Promise.all([
      decide(ROLES.SUPER_ADMIN_PORTICO, partner.partnerId, 'forward'),
      decide(ROLES.ADMIN_PORTICO_READWRITE, partner.partnerId, 'forward'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const forwarded = expectEnvelope(
      await t.injectAs(ROLES.MANAGER_BILLING, {
        method: 'GET',
        url: `${S}/aggregators/${partner.partnerId}`,
      }),
      200,
    ).data as TAggregator;
    expect(forwarded.status.key).toBe('forwarded');
    // Forwarded to its country's carriers: this carrier may decide for its own network.
    expect(forwarded.allowed_actions).toEqual(['approve', 'reject']);
    expect(forwarded.carriers.map((c) => c.name)).toEqual(['Reliance Jio']);
    // A developer partner that is no aggregator is not one to decide on.
    const developer = await t.factories.account(ROLES.DEVELOPER);
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, developer.partner.partnerId, 'approve'), 404);
  });
  it('when the platform rejects an aggregator then the aggregator reads the decision and its reason in its own history', async () => {
    const { partner, user } = await pendingAggregator();
    expectEnvelope(
      await decide(
        ROLES.SUPER_ADMIN_PORTICO,
        partner.partnerId,
        'reject',
        'The tax registration does not match.',
      ),
      200,
    );
    const token = await t.tokenFor(user.userId);
    const history = expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `${S}/aggregators/mine/history?start=0&end=10`,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      }),
      200,
    ).data as TReviewHistory;
    expect(history.items.map((e) => [e.action, e.to.code, e.reason])).toEqual([
      ['reject', 32, 'The tax registration does not match.'],
    ]);
    // A developer that is no aggregator has no such history.
    const developer = await t.factories.account(ROLES.DEVELOPER);
    const devToken = await t.tokenFor(developer.user.userId);
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `${S}/aggregators/mine/history`,
        headers: { authorization: `Bearer ${devToken}`, ...xsrfHeaders() },
      }),
      404,
    );
  });
});

describe('carriers deciding on an aggregator', () => {
  type Caller = { token: string; partnerId: string };
  const caller = async (role: Parameters<TestApp['factories']['account']>[0], carrier: [string, string]) => {
    const account = await t.factories.account(role, {
      partner: { carrierId: await t.factories.carrierId(...carrier) },
    });
    return { token: await t.tokenFor(account.user.userId), partnerId: account.partner.partnerId };
  };
  const as = (who: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${S}${url}`,
      headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders() },
      ...(payload ? { payload } : {}),
    });

  it('when forwarded then each carrier of its country decides for its own network only, a read-only carrier admin is refused, another country is 404, and the platform still approves', async () => {
    const jio = await caller(ROLES.ADMIN_BILLING, ['Reliance Jio', 'IN']);
    const airtel = await caller(ROLES.MANAGER_BILLING, ['Bharti Airtel', 'IN']);
    const jioReadOnly = await caller(ROLES.USER_BILLING, ['Reliance Jio', 'IN']);
    const verizon = await caller(ROLES.ADMIN_BILLING, ['Verizon', 'US']);
    const { partner } = await pendingAggregator();
    const id = partner.partnerId;
    // Not forwarded yet: no carrier has it to decide.
    expectEnvelope(await as(jio, 'POST', `/aggregators/${id}/carrier-review/approve`, {}), 404);
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, id, 'forward'), 200);

    const seenByJio = expectEnvelope(await as(jio, 'GET', `/aggregators/${id}`), 200).data as TAggregator;
    expect(seenByJio.carrier_status?.key).toBe('to_be_approved_by_carrier');
    expect(seenByJio.carriers).toHaveLength(1);
    // Another country's carrier never sees it, nor may decide on it: 404, the id is not confirmed.
    expectEnvelope(await as(verizon, 'GET', `/aggregators/${id}`), 404);
    expectEnvelope(await as(verizon, 'POST', `/aggregators/${id}/carrier-review/approve`, {}), 404);
    const verizonList = expectEnvelope(await as(verizon, 'GET', '/aggregators?end=500'), 200).data as {
      items: { partner_id: string }[];
    };
    expect(verizonList.items.map((i) => i.partner_id)).not.toContain(id);
    // The carrier's read-only admin changes nothing; a rejection needs a reason.
    expectEnvelope(await as(jioReadOnly, 'POST', `/aggregators/${id}/carrier-review/approve`, {}), 403);
    expectEnvelope(await as(airtel, 'POST', `/aggregators/${id}/carrier-review/reject`, {}), 400);

    // Two decisions at once for the same network: one lands, the other gets 409 with the state.
    const jioToo = await caller(ROLES.MANAGER_BILLING, ['Reliance Jio', 'IN']);
    const results = await Promise.all([
      as(jio, 'POST', `/aggregators/${id}/carrier-review/approve`, {}),
      as(jioToo, 'POST', `/aggregators/${id}/carrier-review/reject`, { reason: 'Unknown sender' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = expectEnvelope(results.find((r) => r.statusCode === 409) ?? results[0], 409);
    expect(JSON.stringify(conflict)).toMatch(/"code":3[12]/);

    const rejected = expectEnvelope(
      await as(airtel, 'POST', `/aggregators/${id}/carrier-review/reject`, { reason: 'Tax id mismatch' }),
      200,
    ).data as TAggregator;
    expect(rejected.carrier_status?.key).toBe('rejected');
    expect(rejected.allowed_actions).toEqual([]);
    // The carrier's list filters by its own review.
    const ids = async (review: string) =>
      (
        expectEnvelope(await as(airtel, 'GET', `/aggregators?review=${review}&end=500`), 200).data as {
          items: { partner_id: string; carrier_status: { key: string } | null }[];
        }
      ).items.map((i) => i.partner_id);
    expect(await ids('rejected')).toContain(id);
    expect(await ids('to_be_approved_by_carrier')).not.toContain(id);
    // Each carrier reads its own network's decisions; the platform reads them all.
    const airtelHistory = expectEnvelope(await as(airtel, 'GET', `/aggregators/${id}/history`), 200)
      .data as TReviewHistory;
    expect(airtelHistory.items.map((e) => [e.action, e.reason])).toEqual([
      ['reject', 'Tax id mismatch'],
      ['forward', null],
    ]);
    const admin = expectEnvelope(
      await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, { method: 'GET', url: `${S}/aggregators/${id}` }),
      200,
    ).data as TAggregator;
    expect(admin.carriers.map((c) => [c.name, c.status.key])).toEqual(
      expect.arrayContaining([
        ['Bharti Airtel', 'rejected'],
        ['BSNL', 'to_be_approved_by_carrier'],
      ]),
    );
    expect(admin.carriers.filter((c) => c.name === 'Reliance Jio')[0]?.status.key).toMatch(
      /approved|rejected/,
    );
    // The platform's approval keeps its meaning: launchApproved and the provider approval status.
    const approved = expectEnvelope(await decide(ROLES.ADMIN_PORTICO_READWRITE, id, 'approve'), 200)
      .data as TAggregator;
    expect(approved).toMatchObject({ launch_approved: true, status: { key: 'approved' } });
    // Both carriers' decisions are in the history, beside the platform's.
    const { rows } = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM review_history WHERE subject = 'aggregator-carrier' AND subject_id = $1",
      [id],
    );
    expect(rows[0]?.n).toBe(2);
  });
});

describe('bulk review of aggregators', () => {
  const bulk = (subject: Parameters<TestApp['injectAs']>[0], url: string, payload: object) =>
    t.injectAs(subject, { method: 'POST', url: `${S}/aggregators/${url}`, payload });

  it('when the platform approves aggregators in bulk then each is approved on its own and one already approved is refused with its state', async () => {
    const one = (await pendingAggregator()).partner.partnerId;
    const two = (await pendingAggregator()).partner.partnerId;
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, two, 'approve'), 200);
    expectEnvelope(
      await bulk(ROLES.ADMIN_PORTICO_READONLY, 'bulk-review', { action: 'approve', ids: [one] }),
      403,
    );
    expectEnvelope(await bulk(ROLES.DEVELOPER, 'bulk-review', { action: 'approve', ids: [one] }), 403);
    const result = ZBulkDecisionResult.parse(
      expectEnvelope(
        await bulk(ROLES.SUPER_ADMIN_PORTICO, 'bulk-review', { action: 'approve', ids: [one, two] }),
        200,
      ).data,
    );
    expect(result.items.map((item) => [item.id, item.outcome, item.status])).toEqual([
      [one, 'done', 200],
      [two, 'refused', 409],
    ]);
    const approved = expectEnvelope(
      await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, { method: 'GET', url: `${S}/aggregators/${one}` }),
      200,
    ).data as TAggregator;
    expect(approved.launch_approved).toBe(true);
  });

  it('when a carrier approves in bulk then an aggregator forwarded to it is approved for its network and one of another country is not found', async () => {
    const carrierId = await t.factories.carrierId('Reliance Jio', 'IN');
    const jio = await t.factories.account(ROLES.ADMIN_BILLING, { partner: { carrierId } });
    const token = await t.tokenFor(jio.user.userId);
    const forwarded = (await pendingAggregator()).partner.partnerId;
    const notForwarded = (await pendingAggregator()).partner.partnerId;
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, forwarded, 'forward'), 200);
    const response = await t.app.inject({
      method: 'POST',
      url: `${S}/aggregators/bulk-carrier-review`,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      payload: { action: 'approve', ids: [forwarded, notForwarded] },
    });
    const result = ZBulkDecisionResult.parse(expectEnvelope(response, 200).data);
    expect(result.items.map((item) => [item.outcome, item.status])).toEqual([
      ['done', 200],
      ['refused', 404],
    ]);
    expectEnvelope(
      await bulk(ROLES.USER_BILLING, 'bulk-carrier-review', { action: 'approve', ids: [forwarded] }),
      403,
    );
  });
});

describe('aggregator billing info', () => {
  const body = {
    contact_name: 'Billing Person',
    contact_email: 'Billing@Reach.Example',
    contact_phone: '+919876543210',
    tax_id: '27aacco4321k1z8',
    address: { line1: '1 Billing Road', city: 'Pune', postalCode: '411001', countryId: 'in' },
    billing_category_id: 0,
  };
  const categoryId = async (code: string) =>
    (
      await t.database.sql.query<{ id: number }>(
        "SELECT id FROM lookup_values WHERE kind = 'billing-categories' AND code = $1",
        [code],
      )
    ).rows[0]?.id ?? 0;
  const asToken = (token: string, method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({
      method,
      url: `${S}/aggregators/mine/billing`,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      ...(payload ? { payload } : {}),
    });

  it('when the aggregator sets it up then it reads it back, admins and its carriers see it, the change is recorded, and bad input is a 400 that says why', async () => {
    const { partner, user } = await pendingAggregator();
    const token = await t.tokenFor(user.userId);
    const empty = expectEnvelope(await asToken(token, 'GET'), 200).data as {
      billing: unknown;
      can_edit: boolean;
    };
    expect(empty).toMatchObject({ billing: null, can_edit: true, name: 'Pending Reach' });

    const conversational = await categoryId('CONVERSATIONAL');
    const saved = expectEnvelope(
      await asToken(token, 'PUT', { ...body, billing_category_id: conversational }),
      200,
    ).data as { billing: Record<string, unknown> };
    expect(saved.billing).toMatchObject({
      contact_email: 'billing@reach.example',
      tax_id: '27AACCO4321K1Z8',
      address: { countryId: 'IN' },
      billing_category: { code: 'CONVERSATIONAL', name: 'Conversational' },
      updated_by: user.email,
    });
    // Changing it again is one more security record, naming the fields that changed.
    const single = await categoryId('SINGLE_MESSAGE');
    expectEnvelope(
      await asToken(token, 'PUT', { ...body, billing_category_id: single, tax_id: '27AACCO4321K1Z9' }),
      200,
    );
    const { rows } = await t.database.sql.query<{ detail: { created: boolean; changed: string[] } }>(
      "SELECT detail FROM audit_log WHERE action = 'aggregator.billing.updated' AND partner_id = $1 ORDER BY id",
      [partner.partnerId],
    );
    expect(rows.map((r) => r.detail)).toEqual([
      { created: true, changed: [] },
      { created: false, changed: ['tax_id', 'billing_category_id'] },
    ]);

    const seen = expectEnvelope(
      await t.injectAs(ROLES.ADMIN_PORTICO_READONLY, {
        method: 'GET',
        url: `${S}/aggregators/${partner.partnerId}`,
      }),
      200,
    ).data as TAggregator;
    expect(seen.billing).toMatchObject({
      tax_id: '27AACCO4321K1Z9',
      billing_category: { code: 'SINGLE_MESSAGE' },
    });

    // Bad input: each field says what is wrong; a category that is no billing category is refused.
    const bad = expectEnvelope(
      await asToken(token, 'PUT', {
        ...body,
        contact_email: 'not-an-email',
        contact_phone: '98765',
        tax_id: '=HYPERLINK()',
        billing_category_id: conversational,
      }),
      400,
    );
    expect(JSON.stringify(bad)).toMatch(/valid billing contact email/);
    expect(JSON.stringify(bad)).toMatch(/country code/);
    expect(JSON.stringify(bad)).toMatch(/Tax id has letters/);
    const notCategory = (
      await t.database.sql.query<{ id: number }>(
        "SELECT id FROM lookup_values WHERE kind = 'industry-types' LIMIT 1",
      )
    ).rows[0]?.id;
    const refused = expectEnvelope(
      await asToken(token, 'PUT', { ...body, billing_category_id: notCategory }),
      400,
    );
    expect(refused.message).toMatch(/billing category/);
  });

  it('when a child user or a developer that is no aggregator asks then the child reads only and the developer gets 404', async () => {
    const { partner } = await pendingAggregator();
    const child = await t.factories.user(partner.partnerId, { role: ROLES.CHILD_AGGREGATOR_READWRITE });
    const childToken = await t.tokenFor(child.userId);
    expect(expectEnvelope(await asToken(childToken, 'GET'), 200).data).toMatchObject({ can_edit: false });
    expectEnvelope(await asToken(childToken, 'PUT', { ...body, billing_category_id: 1 }), 403);
    const developer = await t.factories.account(ROLES.DEVELOPER);
    const devToken = await t.tokenFor(developer.user.userId);
    expect(expectEnvelope(await asToken(devToken, 'GET'), 404).message).toMatch(/no aggregator/);
  });
});

describe('tab counts', () => {
  const aggregator = async (name: string, countryId: 'IN' | 'US') =>
    (
      await t.factories.account(ROLES.DEVELOPER, {
        partner: {
          isAggregator: true,
          launchApproved: false,
          approvalStatus: null,
          company: { name, countryId },
          address: { line1: '1 Count Road', city: 'Pune', postalCode: '411001', countryId },
        },
      })
    ).partner.partnerId;
  const carrierUser = async (carrier: [string, string]) => {
    const account = await t.factories.account(ROLES.ADMIN_BILLING, {
      partner: { carrierId: await t.factories.carrierId(...carrier) },
    });
    return t.tokenFor(account.user.userId);
  };
  const listAs = async (token: string | typeof ROLES.ADMIN_PORTICO_READONLY, query: string) => {
    const options = { method: 'GET' as const, url: `${S}/aggregators${query}` };
    const response =
      token === ROLES.ADMIN_PORTICO_READONLY
        ? await t.injectAs(token, options)
        : await t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    return expectEnvelope(response, 200).data as { total: number; tabCounts: Record<string, number> };
  };
  const carrierDecide = (token: string, id: string, action: string, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${S}/aggregators/${id}/carrier-review/${action}`,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      payload: reason ? { reason } : {},
    });

  it("when reviewers list aggregators then each tab says how many it holds under the search, a carrier its own network's only, and each count is its tab total", async () => {
    const jio = await carrierUser(['Reliance Jio', 'IN']);
    const verizon = await carrierUser(['Verizon', 'US']);
    await aggregator('Tabcount Alpha', 'IN');
    const forward = async (id: string) =>
      expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, id, 'forward'), 200);
    await forward(await aggregator('Tabcount Bravo', 'IN'));
    const charlie = await aggregator('Tabcount Charlie', 'IN');
    await forward(charlie);
    expectEnvelope(await carrierDecide(jio, charlie, 'approve'), 200);
    const delta = await aggregator('Tabcount Delta', 'IN');
    await forward(delta);
    expectEnvelope(await carrierDecide(jio, delta, 'reject', 'Unknown sender'), 200);
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, delta, 'reject', 'Rejected by the carrier'), 200);
    await forward(await aggregator('Tabcount Echo', 'US'));
    const foxtrot = await aggregator('Tabcount Foxtrot', 'IN');
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, foxtrot, 'approve'), 200);

    const platform = (await listAs(ROLES.ADMIN_PORTICO_READONLY, '?search=tabcount')).tabCounts;
    expect(platform).toEqual({ awaiting_approval: 1, forwarded: 3, approved: 1, rejected: 1, all: 6 });
    const jioCounts = (await listAs(jio, '?search=tabcount')).tabCounts;
    expect(jioCounts).toEqual({ to_be_approved_by_carrier: 1, approved: 1, rejected: 1, all: 3 });
    // Another country's carrier counts only what was forwarded to its own network.
    expect((await listAs(verizon, '?search=tabcount')).tabCounts).toEqual({
      to_be_approved_by_carrier: 1,
      approved: 0,
      rejected: 0,
      all: 1,
    });
    // The search narrows every tab; the tab asked for does not change the counts.
    expect((await listAs(jio, '?search=tabcount%20charlie&review=rejected')).tabCounts).toEqual({
      to_be_approved_by_carrier: 0,
      approved: 1,
      rejected: 0,
      all: 1,
    });
    expect(
      (await listAs(ROLES.ADMIN_PORTICO_READONLY, '?search=tabcount&status=approved')).tabCounts,
    ).toEqual(platform);
    // Each count is what its tab lists.
    for (const [tab, n] of Object.entries(platform)) {
      const query = tab === 'all' ? '' : `&status=${tab}`;
      expect((await listAs(ROLES.ADMIN_PORTICO_READONLY, `?search=tabcount${query}`)).total, tab).toBe(n);
    }
    for (const [tab, n] of Object.entries(jioCounts)) {
      const query = tab === 'all' ? '' : `&review=${tab}`;
      expect((await listAs(jio, `?search=tabcount${query}`)).total, tab).toBe(n);
    }
  });
});
