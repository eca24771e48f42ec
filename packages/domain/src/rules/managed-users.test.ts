import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLES } from '../constants/roles.ts';
import { PROVIDER_APPROVED_STATUS } from '../constants/statuses.ts';
import { assignableRoles, canManageMember, isManageableRole, MANAGEABLE_ROLES } from './managed-users.ts';

const APPROVED = { isAggregator: true, launchApproved: false, approvalStatus: PROVIDER_APPROVED_STATUS };
const PENDING = { isAggregator: true, launchApproved: false, approvalStatus: null };
const DEVELOPER = { isAggregator: false, launchApproved: false, approvalStatus: null };

describe('assignableRoles', () => {
  it('gives the super admin the admin roles and the billing admin the billing roles', () => {
    expect(assignableRoles(ROLES.SUPER_ADMIN_PORTICO, null)).toEqual([
      'ADMIN_PORTICO_READONLY',
      'ADMIN_PORTICO_READWRITE',
      'MARKETING_ADMIN',
    ]);
    expect(assignableRoles(ROLES.ADMIN_BILLING, null)).toEqual(['USER_BILLING', 'MANAGER_BILLING']);
  });

  it('gives a developer owner the child roles once the partner counts as approved', () => {
    for (const owner of [null, ROLES.DEVELOPER]) {
      expect(assignableRoles(owner, DEVELOPER)).toEqual(MANAGEABLE_ROLES.developer);
      expect(assignableRoles(owner, APPROVED)).toEqual(MANAGEABLE_ROLES.developer);
      expect(assignableRoles(owner, PENDING)).toEqual([]);
      expect(assignableRoles(owner, null)).toEqual([]);
    }
  });

  it('gives every other role nothing', () => {
    const managers: (string | null)[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_BILLING, ROLES.DEVELOPER];
    for (const role of ALL_ROLES.filter((r) => !managers.includes(r))) {
      expect(assignableRoles(role, APPROVED), role).toEqual([]);
    }
  });
});

describe('canManageMember', () => {
  const admin = assignableRoles(ROLES.SUPER_ADMIN_PORTICO, null);
  it('lets a manager change members whose role they may give, never themself, a peer or a superior', () => {
    expect(canManageMember(admin, { role: ROLES.ADMIN_PORTICO_READONLY, isSelf: false })).toBe(true);
    expect(canManageMember(admin, { role: ROLES.ADMIN_PORTICO_READONLY, isSelf: true })).toBe(false);
    expect(canManageMember(admin, { role: ROLES.SUPER_ADMIN_PORTICO, isSelf: false })).toBe(false);
    expect(canManageMember(admin, { role: null, isSelf: false })).toBe(false);
    expect(canManageMember([], { role: ROLES.CHILD_AGGREGATOR_READWRITE, isSelf: false })).toBe(false);
  });
});

describe('isManageableRole', () => {
  it('knows the roles some manager may give', () => {
    expect(isManageableRole(ROLES.CHILD_AGGREGATOR_READONLY)).toBe(true);
    expect(isManageableRole(ROLES.MARKETING_ADMIN)).toBe(true);
    expect(isManageableRole(ROLES.SUPER_ADMIN_PORTICO)).toBe(false);
    expect(isManageableRole(ROLES.DEVELOPER)).toBe(false);
    expect(isManageableRole(null)).toBe(false);
  });
});
