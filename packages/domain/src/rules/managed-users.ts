import { ROLES } from '../constants/roles.ts';
import { type ApprovalRecord, hasNoDeveloperSubRole, isApprovedPartner } from './roles.ts';

/**
 * Who may give which role in user management (spec section 6): the one rule behind the API's
 * checks (invite, re-invite, role change, delete) and the controls the web offers per user.
 */

/** The roles each manager may give: developers their child users, carriers billing users, the super admin admins. */
export const MANAGEABLE_ROLES = {
  developer: [ROLES.CHILD_AGGREGATOR_READONLY, ROLES.CHILD_AGGREGATOR_READWRITE],
  carrier: [ROLES.USER_BILLING, ROLES.MANAGER_BILLING],
  admin: [ROLES.ADMIN_PORTICO_READONLY, ROLES.ADMIN_PORTICO_READWRITE, ROLES.MARKETING_ADMIN],
} as const;
/** Every role some manager may give. */
export const MANAGEABLE = [
  ...MANAGEABLE_ROLES.developer,
  ...MANAGEABLE_ROLES.carrier,
  ...MANAGEABLE_ROLES.admin,
] as const;
export type ManageableRole = (typeof MANAGEABLE)[number];

export function isManageableRole(role: string | null | undefined): role is ManageableRole {
  return (MANAGEABLE as readonly (string | null | undefined)[]).includes(role);
}

/**
 * The roles a manager with this role may give; empty when they may only look. A developer owner
 * (no sub-role) manages child users only once their partner counts as approved (spec section 4).
 */
export function assignableRoles(
  managerRole: string | null | undefined,
  partner: ApprovalRecord | null | undefined,
): readonly ManageableRole[] {
  if (managerRole === ROLES.SUPER_ADMIN_PORTICO) return MANAGEABLE_ROLES.admin;
  if (managerRole === ROLES.ADMIN_BILLING) return MANAGEABLE_ROLES.carrier;
  if (hasNoDeveloperSubRole(managerRole)) {
    return partner && isApprovedPartner(partner) ? MANAGEABLE_ROLES.developer : [];
  }
  return [];
}

/**
 * Whether a manager who may give `assignable` may change this member (role, re-invite, delete):
 * never themself, and never a peer or a superior (a member whose role they could not give).
 */
export function canManageMember(
  assignable: readonly string[],
  member: { role: string | null; isSelf: boolean },
): boolean {
  return !member.isSelf && member.role !== null && assignable.includes(member.role);
}
