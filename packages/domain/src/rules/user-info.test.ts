import { describe, expect, it } from 'vitest';
import { ZPartnerDetails } from '../contracts/partner-details.ts';
import { deriveNavUser, deriveUserInfo } from './user-info.ts';

/** A partner details payload as GET partner details returns it, parsed with the contract. */
function partnerDetails(profile: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) {
  return ZPartnerDetails.parse({
    partners_profile: {
      role: 'DEVELOPER',
      isAggregator: true,
      isCarrier: false,
      partner_id: 'P-1001',
      carrierId: null,
      firstName: 'Asha',
      lastName: 'Rao',
      launchApproved: false,
      hasEwallet: true,
      approvalStatus: null,
      ...profile,
    },
    admin_carrier_list: [{ carrier_id: 7, carrier_name: 'Jio', country_id: 'IN' }],
    address: { line1: '12 MG Road', city: 'Bengaluru', state: 'KA', postalCode: '560001', countryId: 'IN' },
    company: { name: 'Rao Messaging', website: 'https://rao.example', industryTypeId: 4 },
    profile_image: 'https://cdn.example/p/1001.png',
    profile_completed: 80,
    carrier_name: null,
    email: 'developer@portico.test',
    ...rest,
  });
}

describe('deriveUserInfo', () => {
  it('when given a developer aggregator then every field of the derived user info is filled', () => {
    expect(deriveUserInfo(partnerDetails())).toEqual({
      carrierList: [{ carrier_id: 7, carrier_name: 'Jio', country_id: 'IN' }],
      isAggregator: true,
      isCarrier: false,
      isPorticoAdmin: false,
      isMarketingAdmin: false,
      isReadOnlyAdmin: false,
      isReadWriteAdmin: false,
      isSuperAdmin: false,
      partnerAddress: {
        line1: '12 MG Road',
        city: 'Bengaluru',
        state: 'KA',
        postalCode: '560001',
        countryId: 'IN',
      },
      partnerCompanyDetails: { name: 'Rao Messaging', website: 'https://rao.example', industryTypeId: 4 },
      partnerID: 'P-1001',
      partnerProfileImage: 'https://cdn.example/p/1001.png',
      profileCompleted: 80,
      carrierName: null,
      partnerRole: 'DEVELOPER',
      carrierId: null,
      email: 'developer@portico.test',
      isReadOnlyUser: false,
    });
  });

  it('when given a carrier user then the carrier fields and the read-only admin flag come through', () => {
    const info = deriveUserInfo(
      partnerDetails(
        { role: 'USER_BILLING', isAggregator: false, isCarrier: true, carrierId: 7, hasEwallet: false },
        { carrier_name: 'Jio', address: null, company: null, profile_image: null, profile_completed: 100 },
      ),
    );
    expect(info).toMatchObject({
      isCarrier: true,
      isAggregator: false,
      carrierId: 7,
      carrierName: 'Jio',
      partnerRole: 'USER_BILLING',
      isReadOnlyAdmin: true,
      isPorticoAdmin: false,
      isSuperAdmin: false,
      partnerAddress: null,
      partnerCompanyDetails: null,
      partnerProfileImage: null,
      profileCompleted: 100,
    });
  });

  it.each([
    ['SUPER_ADMIN_PORTICO', { isPorticoAdmin: true, isSuperAdmin: true, isReadOnlyAdmin: false }],
    ['ADMIN_PORTICO_READONLY', { isPorticoAdmin: true, isSuperAdmin: true, isReadOnlyAdmin: true }],
    ['ADMIN_PORTICO_READWRITE', { isPorticoAdmin: true, isSuperAdmin: true, isReadWriteAdmin: true }],
    ['MARKETING_ADMIN', { isPorticoAdmin: false, isMarketingAdmin: true, isReadOnlyAdmin: true }],
    ['CHILD_AGGREGATOR_READONLY', { isPorticoAdmin: false, isReadOnlyUser: true }],
    ['CHILD_AGGREGATOR_READWRITE', { isPorticoAdmin: false, isReadOnlyUser: false }],
  ])('when the role is %s then the derived flags are %j', (role, flags) => {
    const info = deriveUserInfo(partnerDetails({ role, isAggregator: false }));
    expect(info).toMatchObject({ ...flags, partnerRole: role });
  });

  it('when the role is missing then no admin flag is set and partnerRole is null', () => {
    const info = deriveUserInfo(partnerDetails({ role: null }));
    expect(info.partnerRole).toBeNull();
    expect([
      info.isPorticoAdmin,
      info.isMarketingAdmin,
      info.isReadOnlyAdmin,
      info.isReadWriteAdmin,
      info.isSuperAdmin,
      info.isReadOnlyUser,
    ]).toEqual([false, false, false, false, false, false]);
  });
});

describe('deriveNavUser', () => {
  it('when given partner details then it keeps the fields navigation uses', () => {
    expect(deriveNavUser(partnerDetails({ approvalStatus: 31 }))).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'developer@portico.test',
      role: 'DEVELOPER',
      isCarrier: false,
      isAggregator: true,
      launchApproved: false,
      hasEwallet: true,
      approvalStatus: 31,
      isAdmin: false,
    });
  });

  it.each([
    ['SUPER_ADMIN_PORTICO', true],
    ['MARKETING_ADMIN', true],
    ['ADMIN_PORTICO_READONLY', true],
    ['ADMIN_PORTICO_READWRITE', true],
    ['ADMIN_BILLING', false],
    ['USER_BILLING', false],
    ['DEVELOPER', false],
    [null, false],
  ])('when the role is %s then isAdmin is %s', (role, isAdmin) => {
    expect(deriveNavUser(partnerDetails({ role })).isAdmin).toBe(isAdmin);
  });
});
