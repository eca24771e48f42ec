import { describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  BILLING_ROLES,
  DEVELOPER_ROLES,
  PLATFORM_ADMIN_ROLES,
  ROLES,
} from '../constants/roles.ts';
import { BOT_STATUS, PROVIDER_APPROVED_STATUS } from '../constants/statuses.ts';
import {
  hasNoDeveloperSubRole,
  isApprovedPartner,
  isBillingRole,
  isMarketingAdminRole,
  isPlatformAdminRole,
  isProviderAdminRole,
  isReadOnlyAdminRole,
  isReadOnlyUserRole,
  isReadWriteAdminRole,
  isSuperAdminRole,
} from './roles.ts';

type Derivation = (role: string | null | undefined) => boolean;

const DERIVATIONS = {
  isProviderAdminRole,
  isMarketingAdminRole,
  isReadOnlyAdminRole,
  isReadWriteAdminRole,
  isSuperAdminRole,
  isReadOnlyUserRole,
  isBillingRole,
  isPlatformAdminRole,
  hasNoDeveloperSubRole,
} satisfies Record<string, Derivation>;
type DerivationName = keyof typeof DERIVATIONS;

// The expected answers of spec section 6, one row per role; every cell is listed so a change to
// any derivation shows up as a failing row.
const EXPECTED: Record<string, Record<DerivationName, boolean>> = {
  SUPER_ADMIN_PORTICO: {
    isProviderAdminRole: true,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: false,
    isSuperAdminRole: true,
    isReadOnlyUserRole: false,
    isBillingRole: false,
    isPlatformAdminRole: true,
    hasNoDeveloperSubRole: false,
  },
  MARKETING_ADMIN: {
    isProviderAdminRole: false,
    isMarketingAdminRole: true,
    isReadOnlyAdminRole: true,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: false,
    isBillingRole: false,
    isPlatformAdminRole: true,
    hasNoDeveloperSubRole: false,
  },
  ADMIN_PORTICO_READONLY: {
    isProviderAdminRole: true,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: true,
    isReadWriteAdminRole: false,
    isSuperAdminRole: true,
    isReadOnlyUserRole: false,
    isBillingRole: false,
    isPlatformAdminRole: true,
    hasNoDeveloperSubRole: false,
  },
  ADMIN_PORTICO_READWRITE: {
    isProviderAdminRole: true,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: true,
    isSuperAdminRole: true,
    isReadOnlyUserRole: false,
    isBillingRole: false,
    isPlatformAdminRole: true,
    hasNoDeveloperSubRole: false,
  },
  ADMIN_BILLING: {
    isProviderAdminRole: false,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: false,
    isBillingRole: true,
    isPlatformAdminRole: false,
    hasNoDeveloperSubRole: false,
  },
  // "USER_BILLING (the carrier admin)" is the carrier role inside "read-only admin".
  USER_BILLING: {
    isProviderAdminRole: false,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: true,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: false,
    isBillingRole: true,
    isPlatformAdminRole: false,
    hasNoDeveloperSubRole: false,
  },
  MANAGER_BILLING: {
    isProviderAdminRole: false,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: false,
    isBillingRole: true,
    isPlatformAdminRole: false,
    hasNoDeveloperSubRole: false,
  },
  DEVELOPER: {
    isProviderAdminRole: false,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: false,
    isBillingRole: false,
    isPlatformAdminRole: false,
    hasNoDeveloperSubRole: true,
  },
  CHILD_AGGREGATOR_READONLY: {
    isProviderAdminRole: false,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: true,
    isBillingRole: false,
    isPlatformAdminRole: false,
    hasNoDeveloperSubRole: false,
  },
  CHILD_AGGREGATOR_READWRITE: {
    isProviderAdminRole: false,
    isMarketingAdminRole: false,
    isReadOnlyAdminRole: false,
    isReadWriteAdminRole: false,
    isSuperAdminRole: false,
    isReadOnlyUserRole: false,
    isBillingRole: false,
    isPlatformAdminRole: false,
    hasNoDeveloperSubRole: false,
  },
};

const NO_ROLE: Record<DerivationName, boolean> = {
  isProviderAdminRole: false,
  isMarketingAdminRole: false,
  isReadOnlyAdminRole: false,
  isReadWriteAdminRole: false,
  isSuperAdminRole: false,
  isReadOnlyUserRole: false,
  isBillingRole: false,
  isPlatformAdminRole: false,
  hasNoDeveloperSubRole: true,
};

function derive(role: string | null | undefined): Record<DerivationName, boolean> {
  const entries = Object.entries(DERIVATIONS).map(([name, fn]) => [name, fn(role)] as const);
  return Object.fromEntries(entries) as Record<DerivationName, boolean>;
}

describe('role derivations', () => {
  it('when listing the expected table then it covers exactly ALL_ROLES', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ALL_ROLES].sort());
    expect(ALL_ROLES).toHaveLength(10);
  });

  it.each(ALL_ROLES)('when the role is %s then every derivation answers as the spec says', (role) => {
    expect(derive(role)).toEqual(EXPECTED[role]);
  });

  it.each([null, undefined, '', '   '])(
    'when the role is %j (a developer account with no role) then only hasNoDeveloperSubRole holds',
    (role) => {
      expect(derive(role)).toEqual(NO_ROLE);
    },
  );

  it('when the role is in another case or padded then it derives the same as the canonical role', () => {
    for (const role of ALL_ROLES) {
      expect(derive(role.toLowerCase())).toEqual(EXPECTED[role]);
      expect(derive(` ${role} `)).toEqual(EXPECTED[role]);
    }
  });

  it('when a role contains the product code anywhere, in any case, then it is a provider admin', () => {
    expect(isProviderAdminRole('Portico_auditor')).toBe(true);
    expect(isProviderAdminRole('viewer_portico')).toBe(true);
    expect(isPlatformAdminRole('viewer_portico')).toBe(true);
    expect(isProviderAdminRole('PORTIC')).toBe(false);
    expect(isProviderAdminRole('MARKETING_ADMIN')).toBe(false);
  });

  it('when a role is unknown then it belongs to no group and is not a developer main account', () => {
    expect(derive('SOMETHING_ELSE')).toEqual({ ...NO_ROLE, hasNoDeveloperSubRole: false });
  });

  it('when grouping the role constants then the groups partition ALL_ROLES', () => {
    const grouped = [...PLATFORM_ADMIN_ROLES, ...BILLING_ROLES, ...DEVELOPER_ROLES];
    expect(grouped.sort()).toEqual([...ALL_ROLES].sort());
    for (const role of PLATFORM_ADMIN_ROLES) expect(isPlatformAdminRole(role)).toBe(true);
    for (const role of BILLING_ROLES) expect(isBillingRole(role)).toBe(true);
    for (const role of DEVELOPER_ROLES) {
      expect(isPlatformAdminRole(role)).toBe(false);
      expect(isBillingRole(role)).toBe(false);
    }
  });

  it('when reading the role names then they follow the spec with {product} = PORTICO', () => {
    expect(ROLES.SUPER_ADMIN_PORTICO).toBe('SUPER_ADMIN_PORTICO');
    expect(ROLES.ADMIN_PORTICO_READONLY).toBe('ADMIN_PORTICO_READONLY');
    expect(ROLES.ADMIN_PORTICO_READWRITE).toBe('ADMIN_PORTICO_READWRITE');
  });
});

describe('isApprovedPartner', () => {
  it('when the partner is not an aggregator then it is approved whatever else is set', () => {
    expect(isApprovedPartner({ isAggregator: false, launchApproved: false })).toBe(true);
    expect(isApprovedPartner({ isAggregator: false, launchApproved: false, approvalStatus: null })).toBe(
      true,
    );
    expect(
      isApprovedPartner({
        isAggregator: false,
        launchApproved: false,
        approvalStatus: BOT_STATUS.bot_rejected_by_portico,
      }),
    ).toBe(true);
  });

  it('when an aggregator has its launch approved then it is approved', () => {
    expect(isApprovedPartner({ isAggregator: true, launchApproved: true })).toBe(true);
    expect(isApprovedPartner({ isAggregator: true, launchApproved: true, approvalStatus: null })).toBe(true);
  });

  it('when an aggregator has the provider approval status then it is approved', () => {
    expect(PROVIDER_APPROVED_STATUS).toBe(BOT_STATUS.bot_approved_by_portico);
    expect(
      isApprovedPartner({
        isAggregator: true,
        launchApproved: false,
        approvalStatus: PROVIDER_APPROVED_STATUS,
      }),
    ).toBe(true);
  });

  it('when an aggregator has neither then it is not approved', () => {
    expect(isApprovedPartner({ isAggregator: true, launchApproved: false })).toBe(false);
    expect(isApprovedPartner({ isAggregator: true, launchApproved: false, approvalStatus: null })).toBe(
      false,
    );
    for (const status of [
      BOT_STATUS.bot_forwarded_by_portico,
      BOT_STATUS.bot_rejected_by_portico,
      BOT_STATUS.submitted_for_launch,
      BOT_STATUS.launched,
    ]) {
      expect(isApprovedPartner({ isAggregator: true, launchApproved: false, approvalStatus: status })).toBe(
        false,
      );
    }
  });
});
