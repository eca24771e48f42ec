import { BILLING_ROLES, PLATFORM_ADMIN_ROLES } from '../constants/roles.ts';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and the recovery codes that stand
 * in for it (issue 26 point 3): the rules the API enforces and the web explains.
 */
export const TWO_FACTOR = {
  /** Digits of an authenticator code. */
  digits: 6,
  /** Seconds each code is valid for (every authenticator app's default). */
  periodSeconds: 30,
  /**
   * Codes of this many periods before and after now are accepted too, for a phone's clock that is a
   * little off; a code once used is never accepted again (the last used period is kept).
   */
  windowPeriods: 1,
  /** Recovery codes issued at once, each usable once. */
  recoveryCodeCount: 10,
  /** Characters of a recovery code (shown in two groups of five). */
  recoveryCodeLength: 10,
  /** Bytes of a new authenticator secret (160 bits, RFC 4226's recommendation). */
  secretBytes: 20,
} as const;

/** The recovery codes' alphabet: no 0/O, 1/I/L or U, which are easy to misread or write down wrong. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** What a person types, as the code it is: spaces and dashes dropped, upper case. */
export function normaliseRecoveryCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether the input can be a recovery code at all (its length and alphabet). */
export function isRecoveryCodeShape(input: string): boolean {
  const code = normaliseRecoveryCode(input);
  return (
    code.length === TWO_FACTOR.recoveryCodeLength &&
    [...code].every((c) => RECOVERY_CODE_ALPHABET.includes(c))
  );
}

/** A recovery code as shown: two groups of five (ABCDE-FGHJK). */
export function formatRecoveryCode(code: string): string {
  const plain = normaliseRecoveryCode(code);
  const half = Math.ceil(plain.length / 2);
  return `${plain.slice(0, half)}-${plain.slice(half)}`;
}

/** What a person types, as an authenticator code: spaces dropped ("123 456" is 123456). */
export function normaliseAuthenticatorCode(input: string): string {
  return input.replace(/\s+/g, '');
}

/** Whether the input is shaped like an authenticator code (six digits). */
export function isAuthenticatorCodeShape(input: string): boolean {
  return new RegExp(`^\\d{${TWO_FACTOR.digits}}$`).test(normaliseAuthenticatorCode(input));
}

/** The groups of roles a super admin may require two-factor sign-in for. */
export const TWO_FACTOR_ROLE_GROUPS = ['admin', 'carrier'] as const;
export type TwoFactorRoleGroup = (typeof TWO_FACTOR_ROLE_GROUPS)[number];

export const TWO_FACTOR_GROUP_LABELS: Record<TwoFactorRoleGroup, string> = {
  admin: 'Platform admin roles',
  carrier: 'Carrier roles',
};

/** The roles of each group: every platform admin role (marketing included), every carrier role. */
export const TWO_FACTOR_GROUP_ROLES: Record<TwoFactorRoleGroup, readonly string[]> = {
  admin: PLATFORM_ADMIN_ROLES,
  carrier: BILLING_ROLES,
};

/** The group a role belongs to, or null (developer-side roles are never required to use it). */
export function twoFactorGroupOf(role: string | null | undefined): TwoFactorRoleGroup | null {
  if (!role) return null;
  return TWO_FACTOR_ROLE_GROUPS.find((group) => TWO_FACTOR_GROUP_ROLES[group].includes(role)) ?? null;
}

/** Which groups must sign in with a second factor (the super admin's setting). */
export type TwoFactorRequirements = Record<TwoFactorRoleGroup, boolean>;

/** Whether a user of this role must use two-factor sign-in under these requirements. */
export function isTwoFactorRequired(
  role: string | null | undefined,
  required: TwoFactorRequirements,
): boolean {
  const group = twoFactorGroupOf(role);
  return group !== null && required[group];
}

/** How long a password reset link works, and how often one may be asked for. */
export const PASSWORD_RESET = {
  linkTtlMinutes: 30,
  /** One mail a minute to an email address (an account), a few an hour, whoever asks. */
  perEmailIntervalMs: 60_000,
  perEmailPerHour: 5,
  /** Requests from one network address an hour, whatever the email (asking for many accounts). */
  perClientPerHour: 20,
} as const;
