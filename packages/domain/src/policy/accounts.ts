import { definePolicy } from './role-groups.ts';

/** The first-time flow, organisation and profile updates, passwords, user management, security records, OTP. */
export const ACCOUNTS_POLICY = definePolicy({
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
  /** Everyone turns their own two-factor sign-in on or off and renews its recovery codes. */
  'two-factor.manage': ['anyone'],
  /** Which role groups must use two-factor sign-in: the super admin's setting. */
  'two-factor.policy.read': ['superAdmin'],
  'two-factor.policy.update': ['superAdmin'],
  /** The user list of the caller's organisation: those who manage users, and the child users (read-only sees it). */
  'users.list': ['developer', 'carrierAdmin', 'superAdmin'],
  /** Invite, re-invite, delete: developers with no sub-role, the carrier admin, the super admin (service checks approval). */
  'users.manage': ['developerOwner', 'carrierAdmin', 'superAdmin'],
  /** Everyone follows their own large exports (the rows of any list they may export). */
  'exports.read': ['anyone'],
  /** The security records. */
  'audit-log.read': ['providerAdmin'],
  /** Generate and validate OTPs, and the OTP channel of a number (developer side, not read-only). */
  'otp.use': ['developerWriter'],
});
