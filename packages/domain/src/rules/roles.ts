import { PRODUCT_CODE } from '../constants/product.ts';
import { ROLES } from '../constants/roles.ts';
import { PROVIDER_APPROVED_STATUS } from '../constants/statuses.ts';

/**
 * Role derivations of spec section 6. Each takes the raw partners_profile.role (which may be
 * missing) and answers one question; the derived user info is built from them.
 */
const norm = (role: string | null | undefined) => (role ?? '').trim().toUpperCase();

/** A role containing the product code (case-insensitive) is a provider admin. Marketing admin is separate. */
export function isProviderAdminRole(role: string | null | undefined): boolean {
  return norm(role).includes(PRODUCT_CODE);
}
export function isMarketingAdminRole(role: string | null | undefined): boolean {
  return norm(role) === ROLES.MARKETING_ADMIN;
}
/** Read-only admin: the provider read-only, marketing admin and carrier admin (USER_BILLING) roles. */
export function isReadOnlyAdminRole(role: string | null | undefined): boolean {
  const r = norm(role);
  return r === ROLES.ADMIN_PORTICO_READONLY || r === ROLES.MARKETING_ADMIN || r === ROLES.USER_BILLING;
}
export function isReadWriteAdminRole(role: string | null | undefined): boolean {
  return norm(role) === ROLES.ADMIN_PORTICO_READWRITE;
}
/** "Super admin" covers the super admin, read-only and read-write provider roles. */
export function isSuperAdminRole(role: string | null | undefined): boolean {
  const r = norm(role);
  return (
    r === ROLES.SUPER_ADMIN_PORTICO ||
    r === ROLES.ADMIN_PORTICO_READONLY ||
    r === ROLES.ADMIN_PORTICO_READWRITE
  );
}
export function isReadOnlyUserRole(role: string | null | undefined): boolean {
  return norm(role) === ROLES.CHILD_AGGREGATOR_READONLY;
}
export function isBillingRole(role: string | null | undefined): boolean {
  const r = norm(role);
  return r === ROLES.ADMIN_BILLING || r === ROLES.USER_BILLING || r === ROLES.MANAGER_BILLING;
}
/** Any platform admin, including marketing admin. */
export function isPlatformAdminRole(role: string | null | undefined): boolean {
  return isProviderAdminRole(role) || isMarketingAdminRole(role);
}
/** "Developers with no role": the main developer or aggregator account (DEVELOPER or empty), not a child user. */
export function hasNoDeveloperSubRole(role: string | null | undefined): boolean {
  const r = norm(role);
  return r === '' || r === ROLES.DEVELOPER;
}

export interface ApprovalRecord {
  isAggregator: boolean;
  launchApproved: boolean;
  approvalStatus?: number | null | undefined;
}

/** A partner counts as approved when not an aggregator, or launch approved, or the provider approved it (spec section 4). */
export function isApprovedPartner(record: ApprovalRecord): boolean {
  return !record.isAggregator || record.launchApproved || record.approvalStatus === PROVIDER_APPROVED_STATUS;
}
