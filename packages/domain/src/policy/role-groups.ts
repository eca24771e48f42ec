import { ROLES } from '../constants/roles.ts';
import {
  hasNoDeveloperSubRole,
  isBillingRole,
  isPlatformAdminRole,
  isProviderAdminRole,
  isReadOnlyUserRole,
} from '../rules/roles.ts';

export type PolicyRole = string | null | undefined;

/** Who may act, in the spec's groups (section 6), each a rule over partners_profile.role. */
export const ROLE_GROUPS = {
  /** Every signed-in user. */
  anyone: () => true,
  /** Every platform admin, marketing admin included. */
  platformAdmin: (role: PolicyRole) => isPlatformAdminRole(role),
  /** The provider's own admins (SUPER_ADMIN, ADMIN_*_READONLY, ADMIN_*_READWRITE), not marketing. */
  providerAdmin: (role: PolicyRole) => isProviderAdminRole(role),
  superAdmin: (role: PolicyRole) => role === ROLES.SUPER_ADMIN_PORTICO,
  providerReadWrite: (role: PolicyRole) =>
    role === ROLES.SUPER_ADMIN_PORTICO || role === ROLES.ADMIN_PORTICO_READWRITE,
  /** The marketing admin (press releases). */
  marketingAdmin: (role: PolicyRole) => role === ROLES.MARKETING_ADMIN,
  /** Every carrier (billing) role. */
  carrier: (role: PolicyRole) => isBillingRole(role),
  /** Carrier users who may decide for their network: all but the carrier's read-only admin (USER_BILLING). */
  carrierReviewer: (role: PolicyRole) => role === ROLES.ADMIN_BILLING || role === ROLES.MANAGER_BILLING,
  /** The carrier's user manager (shown as Manage Users). */
  carrierAdmin: (role: PolicyRole) => role === ROLES.ADMIN_BILLING,
  /** Every developer-side account: DEVELOPER, the child aggregator roles, or no role. */
  developer: (role: PolicyRole) =>
    role === null ||
    role === undefined ||
    role === ROLES.DEVELOPER ||
    role === ROLES.CHILD_AGGREGATOR_READONLY ||
    role === ROLES.CHILD_AGGREGATOR_READWRITE,
  /** The partner's main developer or aggregator account (DEVELOPER or no role), not a child user. */
  developerOwner: (role: PolicyRole) => hasNoDeveloperSubRole(role),
  /** Developer-side accounts that may change things (everyone but the read-only child aggregator). */
  developerWriter: (role: PolicyRole) =>
    role === null ||
    role === undefined ||
    role === ROLES.DEVELOPER ||
    role === ROLES.CHILD_AGGREGATOR_READWRITE,
  /** The child aggregator read-only user (spec: "read-only user"). */
  readOnlyUser: (role: PolicyRole) => isReadOnlyUserRole(role),
} as const satisfies Record<string, (role: PolicyRole) => boolean>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

/** A feature's slice of the policy table: action -> the groups allowed to perform it. */
export type PolicyFragment = Readonly<Record<string, readonly RoleGroup[]>>;

/** Types a feature's policy fragment (keeps its action names as literal keys). */
export function definePolicy<const P extends PolicyFragment>(fragment: P): P {
  return fragment;
}
