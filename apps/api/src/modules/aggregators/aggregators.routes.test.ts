import { PROVIDER_APPROVED_STATUS, ROLES, type TAggregator, type TReviewHistory } from '@portico/domain';
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
      company: { name: 'Pending Reach' },
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
      await t.injectAs(ROLES.ADMIN_BILLING, {
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
    expect(forwarded.allowed_actions).toEqual([]);
    // A developer partner that is no aggregator is not one to decide on.
    const developer = await t.factories.account(ROLES.DEVELOPER);
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, developer.partner.partnerId, 'approve'), 404);
  });
});
