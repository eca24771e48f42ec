import {
  hasNoDeveloperSubRole,
  isBillingRole,
  isPlatformAdminRole,
  isProviderAdminRole,
  isReadOnlyUserRole,
  ROLES,
} from '@portico/domain';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import type { AuthenticatedUser } from './types.ts';

type Role = string | null;

/** Who may act, in the spec's groups (section 6), each a rule over partners_profile.role. */
export const ROLE_GROUPS = {
  /** Every signed-in user. */
  anyone: () => true,
  /** Every platform admin, marketing admin included. */
  platformAdmin: (role: Role) => isPlatformAdminRole(role),
  /** The provider's own admins (SUPER_ADMIN, ADMIN_*_READONLY, ADMIN_*_READWRITE), not marketing. */
  providerAdmin: (role: Role) => isProviderAdminRole(role),
  superAdmin: (role: Role) => role === ROLES.SUPER_ADMIN_PORTICO,
  providerReadWrite: (role: Role) =>
    role === ROLES.SUPER_ADMIN_PORTICO || role === ROLES.ADMIN_PORTICO_READWRITE,
  /** Every carrier (billing) role. */
  carrier: (role: Role) => isBillingRole(role),
  /** The carrier's user manager (shown as Manage Users). */
  carrierAdmin: (role: Role) => role === ROLES.ADMIN_BILLING,
  /** Every developer-side account: DEVELOPER, the child aggregator roles, or no role. */
  developer: (role: Role) =>
    role === null ||
    role === ROLES.DEVELOPER ||
    role === ROLES.CHILD_AGGREGATOR_READONLY ||
    role === ROLES.CHILD_AGGREGATOR_READWRITE,
  /** The partner's main developer or aggregator account (DEVELOPER or no role), not a child user. */
  developerOwner: (role: Role) => hasNoDeveloperSubRole(role),
  /** Developer-side accounts that may change things (everyone but the read-only child aggregator). */
  developerWriter: (role: Role) =>
    role === null || role === ROLES.DEVELOPER || role === ROLES.CHILD_AGGREGATOR_READWRITE,
  /** The child aggregator read-only user (spec: "read-only user"). */
  readOnlyUser: (role: Role) => isReadOnlyUserRole(role),
} as const satisfies Record<string, (role: Role) => boolean>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

/**
 * The policy table: every action a secure route (or a service) performs, and the groups allowed to
 * perform it. A secure route declares its action in `config.action`; the secure scope refuses to
 * register one that does not. Later issues add their actions here.
 */
export const POLICY = {
  /** GET partner details: everyone signed in reads their own. */
  'partner-details.read': ['anyone'],
  /** The encoded reference token for the external analytics (admins, carriers) and firewall (admins) links. */
  'reference-token.issue': ['platformAdmin', 'carrier'],
  // ---- wallet ----
  /** Wallet balance, history, exports, top-up status, verification prices (partners with hasEwallet). */
  'wallet.read': ['developer'],
  /** The low-balance alert threshold. */
  'wallet.manage': ['developerWriter'],
  'wallet.topup': ['developerWriter'],
  /** Verification payment: hold, capture, release. */
  'wallet.pay': ['developerWriter'],
  /** The PRICING page (developers; admins see it under /u too). */
  'pricing.read': ['developer', 'platformAdmin'],
  'rate-plans.read': ['providerAdmin'],
  /** New rate plan versions: read-write provider admins only (read-only admins are refused). */
  'rate-plans.write': ['providerReadWrite'],
  // ---- networks ----
  /** A test message through a connector from the platform's own test sender (provider read-write admins). */
  'network-messages.test-send': ['providerReadWrite'],
  /** Messages sent through the networks, their webhook events and connector health (platform admins). */
  'network-messages.read': ['platformAdmin'],
  // ---- accounts ----
  /** The first-time flow (sign-up's own account: a developer with no role). */
  'account-setup.read': ['developerOwner'],
  'account-setup.write': ['developerOwner'],
  /** Company details and address of the caller's own developer partner. */
  'company-details.update': ['developerOwner'],
  /** Update carrier profile: the carrier's organisation details and address (its billing admin). */
  'carrier-profile.update': ['carrierAdmin'],
  /** Update admin profile: the platform's own organisation details and address (the super admin). */
  'admin-profile.update': ['superAdmin'],
  /** Update partner profile (names, profile image): everyone but the read-only child user. */
  'profile.update': ['platformAdmin', 'carrier', 'developerWriter'],
  /** Everyone changes their own password. */
  'password.change': ['anyone'],
  /** The user list of the caller's organisation: those who manage users, and the child users (read-only sees it). */
  'users.list': ['developer', 'carrierAdmin', 'superAdmin'],
  /** Invite, re-invite, delete: developers with no sub-role, the carrier admin, the super admin (service checks approval). */
  'users.manage': ['developerOwner', 'carrierAdmin', 'superAdmin'],
  /** The security records. */
  'audit-log.read': ['providerAdmin'],
  /** Generate and validate OTPs, and the OTP channel of a number (developer side, not read-only). */
  'otp.use': ['developerWriter'],
} as const satisfies Record<string, readonly RoleGroup[]>;
export type PolicyAction = keyof typeof POLICY;

export function isPolicyAction(value: unknown): value is PolicyAction {
  return typeof value === 'string' && Object.hasOwn(POLICY, value);
}

/** Whether a user with this role may perform the action. */
export function can(role: Role, action: PolicyAction): boolean {
  const groups: readonly RoleGroup[] = POLICY[action];
  return groups.some((group) => ROLE_GROUPS[group](role));
}

/** Throws UnauthorizedError without a user and ForbiddenError when the policy does not allow the action. */
export function authorize(user: AuthenticatedUser | undefined, action: PolicyAction): AuthenticatedUser {
  if (!user) throw new UnauthorizedError();
  if (!can(user.role, action)) throw new ForbiddenError();
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The policy action a secure route performs (checked before its handler). */
    action?: PolicyAction;
  }
}
