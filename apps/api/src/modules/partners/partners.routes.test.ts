import {
  ALL_ROLES,
  BILLING_ROLES,
  deriveNavUser,
  deriveUserInfo,
  PLATFORM_ADMIN_ROLES,
  PROVIDER_APPROVED_STATUS,
  type TPartnerDetails,
  USER_DETAILS_NOT_PRESENT,
  ZPartnerDetails,
  ZReferenceToken,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectName } from '../../../test/authz-matrix.ts';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createReferenceTokenIssuer } from '../../platform/security/reference-token.ts';

const DETAILS = '/api/v1/secure/partner-details';
let t: TestApp;
let activeCarrierCount: number;

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM carriers WHERE active',
  );
  activeCarrierCount = rows[0]?.n ?? 0;
});
afterAll(() => t.close());

async function detailsAs(subject: Subject): Promise<TPartnerDetails> {
  const body = expectEnvelope(await t.injectAs(subject, { method: 'GET', url: DETAILS }), 200, 10);
  return ZPartnerDetails.strict().parse(body.data) as TPartnerDetails;
}

describe('GET partner details', () => {
  it.each([...ALL_ROLES, null].map((s) => [subjectName(s), s] as const))(
    'as %s: the exact shape of the spec, for the caller',
    async (_name, subject) => {
      const details = await detailsAs(subject);
      const { user, partner } = await t.accountOf(subject);
      const isCarrier = subject !== null && (BILLING_ROLES as readonly string[]).includes(subject);
      const isAdmin = subject !== null && (PLATFORM_ADMIN_ROLES as readonly string[]).includes(subject);

      expect(details.email).toBe(user.email);
      expect(details.partners_profile).toMatchObject({
        role: subject,
        partner_id: partner.partnerId,
        firstName: 'Test',
        lastName: 'User',
        isCarrier,
        isAggregator: partner.isAggregator,
        launchApproved: partner.launchApproved,
        hasEwallet: partner.hasEwallet,
        approvalStatus: partner.approvalStatus,
        carrierId: isCarrier ? partner.carrierId : null,
      });
      expect(Object.keys(details.partners_profile).sort()).toEqual(
        [
          'approvalStatus',
          'carrierId',
          'firstName',
          'hasEwallet',
          'isAggregator',
          'isCarrier',
          'lastName',
          'launchApproved',
          'partner_id',
          'role',
        ].sort(),
      );

      if (isCarrier) {
        expect(details.carrier_name).toBe('Reliance Jio');
        expect(details.admin_carrier_list).toEqual([
          { carrier_id: partner.carrierId, carrier_name: 'Reliance Jio', country_id: 'IN' },
        ]);
      } else if (isAdmin) {
        expect(details.carrier_name).toBeNull();
        expect(details.admin_carrier_list).toHaveLength(activeCarrierCount);
      } else {
        expect(details.carrier_name).toBeNull();
        expect(details.admin_carrier_list).toEqual([]);
      }

      // The web derives its user info from exactly this response.
      const info = deriveUserInfo(details);
      expect(info.isCarrier).toBe(isCarrier);
      expect(info.partnerID).toBe(partner.partnerId);
      expect(deriveNavUser(details).isAdmin).toBe(isAdmin);
    },
  );

  it('when the profile is complete then profile_completed is 100; the parts are returned as stored', async () => {
    const industry = await t.database.sql.query<{ id: number }>(
      "SELECT id FROM lookup_values WHERE kind = 'industry-types' AND code = 'BANKING'",
    );
    const industryTypeId = industry.rows[0]?.id;
    const { user } = await t.factories.account('DEVELOPER', {
      partner: {
        isAggregator: true,
        launchApproved: true,
        approvalStatus: PROVIDER_APPROVED_STATUS,
        company: {
          name: 'Acme',
          website: 'https://acme.example',
          industryTypeId,
          registrationNumber: 'R-1',
          extra: 'x',
        },
        address: { line1: '1 MG Road', city: 'Bengaluru', postalCode: '560001', countryId: 'IN', stray: 1 },
        profileImage: 'data:image/png;base64,AAAA',
      },
      user: { firstName: 'Asha', lastName: 'Rao' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: DETAILS,
      headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
    });
    const details = ZPartnerDetails.parse(expectEnvelope(response, 200).data);
    expect(details.profile_completed).toBe(100);
    expect(details.company).toEqual({
      name: 'Acme',
      website: 'https://acme.example',
      industryTypeId,
      registrationNumber: 'R-1',
    });
    expect(details.address).toEqual({
      line1: '1 MG Road',
      city: 'Bengaluru',
      postalCode: '560001',
      countryId: 'IN',
    });
    expect(details.profile_image).toBe('data:image/png;base64,AAAA');
    expect(details.partners_profile).toMatchObject({
      firstName: 'Asha',
      lastName: 'Rao',
      isAggregator: true,
    });
  });

  it('when nothing but the names is known then profile_completed is 20 and address/company are null', async () => {
    const { user } = await t.factories.account(null, {
      partner: { company: null, address: null },
      user: { firstName: 'Lone', lastName: 'Dev' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: DETAILS,
      headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
    });
    const details = ZPartnerDetails.parse(expectEnvelope(response, 200).data);
    expect(details.profile_completed).toBe(20);
    expect(details.company).toBeNull();
    expect(details.address).toBeNull();
    expect(details.partners_profile.role).toBeNull();
  });

  it("when the user's details are not set up yet then HTTP 200 with 'User details not present' and no data", async () => {
    const { user } = await t.factories.account('DEVELOPER', { user: { status: 'pending_setup' } });
    const response = await t.app.inject({
      method: 'GET',
      url: DETAILS,
      headers: { authorization: `Bearer ${await t.tokenFor(user.userId)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status_code: 11, message: USER_DETAILS_NOT_PRESENT, data: null });
  });
});

describe('GET reference token', () => {
  it('when a carrier asks then it gets a short-lived token naming its partner and itself', async () => {
    const { user, partner } = await t.accountOf('ADMIN_BILLING');
    const body = expectEnvelope(
      await t.injectAs('ADMIN_BILLING', { method: 'GET', url: '/api/v1/secure/reference-token' }),
      200,
    );
    const { token, expiresAt } = ZReferenceToken.parse(body.data);
    // A JWT (header.payload.signature), HS256 with an expiry.
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const [header, claims, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60 * 1000);

    const issuer = await createReferenceTokenIssuer(t.database);
    expect(await issuer.verify(token)).toMatchObject({ pid: partner.partnerId, uid: user.userId });
    expect(await issuer.verify(`${token}x`)).toBeNull();
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()),
        pid: 'someone-else',
      }),
    ).toString('base64url');
    expect(await issuer.verify(`${header}.${forged}.${signature}`)).toBeNull();
    // alg "none" (the classic JWT forgery) is refused.
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await issuer.verify(`${none}.${claims}.`)).toBeNull();
    expect(await issuer.verify(token, expiresAt + 1)).toBeNull();
    expect(await issuer.verify(token, expiresAt - 1000)).not.toBeNull();
  });

  it('when asked twice then the secret is the same (generated once, kept in app_secrets)', async () => {
    const a = await createReferenceTokenIssuer(t.database);
    const b = await createReferenceTokenIssuer(t.database);
    const { token } = await a.issue({ partnerId: 'p', userId: 'u' });
    expect(await b.verify(token)).toMatchObject({ pid: 'p', uid: 'u' });
    const { rows } = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM app_secrets WHERE name = 'reference_token.hmac_key'",
    );
    expect(rows[0]?.n).toBe(1);
  });
});
