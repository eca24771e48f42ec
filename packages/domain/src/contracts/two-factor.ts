import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../rules/password.ts';
import {
  isAuthenticatorCodeShape,
  normaliseAuthenticatorCode,
  TWO_FACTOR_ROLE_GROUPS,
} from '../rules/two-factor.ts';

/** Contracts of two-factor sign-in (issue 26 point 3): one's own authenticator, and the super admin's setting. */

export const AUTHENTICATOR_CODE_MESSAGE = 'Enter the 6-digit code your authenticator app shows.';
export const SECOND_FACTOR_MESSAGE =
  'Enter a code from your authenticator app, or one of your recovery codes.';

const currentPassword = z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH);
const authenticatorCode = z
  .string()
  .max(20, AUTHENTICATOR_CODE_MESSAGE)
  .transform(normaliseAuthenticatorCode)
  .refine(isAuthenticatorCodeShape, AUTHENTICATOR_CODE_MESSAGE);
/** A code from the app or a recovery code (the service tells which by its shape). */
const secondFactor = z.string().trim().min(1, SECOND_FACTOR_MESSAGE).max(40, SECOND_FACTOR_MESSAGE);

/** GET /api/v1/secure/two-factor: the caller's own two-factor sign-in. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes (0 when two-factor sign-in is off). */
  recoveryCodesLeft: z.number().int().min(0),
  /** The caller's role must sign in with a second factor (the super admin's setting): it cannot be turned off. */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** POST /api/v1/secure/two-factor/setup: the password again, before a new authenticator key is made. */
export const ZTwoFactorSetupRequest = z.object({ password: currentPassword });
export type TTwoFactorSetupRequest = z.infer<typeof ZTwoFactorSetupRequest>;

/** The new key, to scan (QR code) or type (manual key); it is never shown again once confirmed. */
export const ZTwoFactorSetup = z.object({
  /** The base32 key in groups of four, for typing into the app. */
  manualKey: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as a data:image/svg+xml URI. */
  qrCode: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** POST /api/v1/secure/two-factor/enable: a code from the app proves it holds the new key. */
export const ZTwoFactorEnableRequest = z.object({ code: authenticatorCode });
export type TTwoFactorEnableRequest = z.input<typeof ZTwoFactorEnableRequest>;

/** Recovery codes, shown once (enable, renew): only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** POST /api/v1/secure/two-factor/disable and /recovery-codes: the password and a second factor. */
export const ZTwoFactorConfirmRequest = z.object({ password: currentPassword, code: secondFactor });
export type TTwoFactorConfirmRequest = z.infer<typeof ZTwoFactorConfirmRequest>;

const ZRoleGroup = z.enum(TWO_FACTOR_ROLE_GROUPS);

/** GET /api/v1/secure/two-factor/policy: which role groups must use it, and how many of their users do. */
export const ZTwoFactorPolicy = z.object({
  groups: z.array(
    z.object({
      group: ZRoleGroup,
      required: z.boolean(),
      /** Users of the group's roles who can sign in (active or finishing set-up). */
      users: z.number().int().min(0),
      /** Of those, the ones with two-factor sign-in on. */
      withTwoFactor: z.number().int().min(0),
    }),
  ),
  /** When the setting last changed, and by whom (null: never). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TTwoFactorPolicy = z.infer<typeof ZTwoFactorPolicy>;

/** PUT /api/v1/secure/two-factor/policy */
export const ZTwoFactorPolicyUpdate = z.object({
  admin: z.boolean('Say whether platform admin roles must use two-factor sign-in.'),
  carrier: z.boolean('Say whether carrier roles must use two-factor sign-in.'),
});
export type TTwoFactorPolicyUpdate = z.infer<typeof ZTwoFactorPolicyUpdate>;
