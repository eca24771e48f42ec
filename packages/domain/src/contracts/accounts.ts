import { z } from 'zod';
import { LIST_WINDOW } from '../constants/product.ts';
import { MANAGEABLE } from '../rules/managed-users.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MISMATCH, passwordProblem } from '../rules/password.ts';
import { ZListWindowQuery } from './envelope.ts';
import { MAX_ROW_ID, optionalText, searchText, text } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

/** Contracts of the accounts calls (issue 3): sign-up, first-time setup, passwords, user management, OTP. */

const email = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.'));
const name = (label: string) =>
  text().trim().min(1, `${label} is required.`).max(80, `${label} is at most 80 characters.`);

const newPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/v1/accounts/sign-up */
export const ZSignUpRequest = z.object({
  email,
  acceptTerms: z.literal(true, 'Accept the terms of service to continue.'),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** POST /api/v1/accounts/resend-verification */
export const ZResendVerificationRequest = z.object({ email });
export type TResendVerificationRequest = z.infer<typeof ZResendVerificationRequest>;

/**
 * POST /api/v1/accounts/forgot-password: the answer is the same whether or not the email has an
 * account (ZMailSent); the reset itself is POST /accounts/reset-password with ZSetPasswordRequest.
 */
export const ZForgotPasswordRequest = z.object({ email });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** Where a sent link was sent (never the token). */
export const ZMailSent = z.object({ email: z.string(), expiresAt: z.string() });
export type TMailSent = z.infer<typeof ZMailSent>;

/** POST /api/v1/accounts/verify-email: the body is the link's token, as text/plain. */
export const ZVerifyEmailBody = z.string().trim().min(1).max(200);
/** POST /api/v1/accounts/verify-email answers with the email the link proved (body: the token, text/plain). */
export const ZVerifiedEmail = z.object({ email: z.string() });
export type TVerifiedEmail = z.infer<typeof ZVerifiedEmail>;

/** A set-password form: the link's token, the password and its confirmation. */
export const ZSetPasswordRequest = z
  .object({
    token: z.string().min(16).max(200),
    password: newPassword,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORD_MISMATCH });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

/** POST /api/v1/accounts/create-user (sign-up) and /accept-invite answer with the account's email. */
export const ZAccountCreated = z.object({ email: z.string() });
export type TAccountCreated = z.infer<typeof ZAccountCreated>;

/** The text fields of POST /api/v1/secure/update-partner-profile (multipart/form-data, with an optional image). */
export const ZProfileFields = z.object({
  firstName: name('First name').optional(),
  lastName: name('Last name').optional(),
});

/** POST /api/v1/secure/setup-user-details */
export const ZSetupUserDetailsRequest = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
});
export type TSetupUserDetailsRequest = z.infer<typeof ZSetupUserDetailsRequest>;

export const ACCOUNT_TYPES = ['developer', 'aggregator'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** POST /api/v1/secure/account-type */
export const ZAccountTypeRequest = z.object({
  accountType: z.enum(ACCOUNT_TYPES, 'Choose developer or aggregator.'),
});
export type TAccountTypeRequest = z.infer<typeof ZAccountTypeRequest>;

export const ZCompanyDetails = z.object({
  name: name('Company name').max(120),
  website: z
    .string()
    .trim()
    .max(200)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter the website as https://example.com.' })),
  industryTypeId: z.coerce
    .number('Choose an industry.')
    .int()
    .positive('Choose an industry.')
    .max(MAX_ROW_ID, 'Choose an industry.'),
  registrationNumber: optionalText(60),
});
export const ZAddressDetails = z.object({
  line1: name('Address line 1').max(160),
  line2: optionalText(160),
  city: name('City').max(80),
  state: optionalText(80),
  postalCode: text().trim().min(2, 'Postal code is required.').max(12),
  countryId: text().trim().length(2, 'Choose a country.').toUpperCase(),
});

/** POST /api/v1/secure/update-company-details (the set-up enterprise step and the profile's company tab). */
export const ZCompanyDetailsRequest = z.object({ company: ZCompanyDetails, address: ZAddressDetails });
export type TCompanyDetailsRequest = z.input<typeof ZCompanyDetailsRequest>;

/**
 * Company details and address as saved, read back. Response schemas are encoded on the way out,
 * and a transform (optionalText's '' -> undefined) cannot be encoded: read-back shapes are plain.
 */
export const ZCompanyDetailsView = z.object({
  name: z.string(),
  website: z.string(),
  industryTypeId: z.number().int(),
  registrationNumber: z.string().optional(),
});
export const ZAddressDetailsView = z.object({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string().optional(),
  postalCode: z.string(),
  countryId: z.string(),
});

/** GET /api/v1/secure/account-setup: what the first-time flow has gathered so far. */
export const ZAccountSetup = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  accountType: z.enum(ACCOUNT_TYPES).nullable(),
  company: ZCompanyDetailsView.partial().nullable(),
  address: ZAddressDetailsView.partial().nullable(),
  /** true once the review is confirmed (the user is active). */
  completed: z.boolean(),
});
export type TAccountSetup = z.infer<typeof ZAccountSetup>;

/** POST /api/v1/secure/change-password */
export const ZChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
    newPassword,
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORD_MISMATCH,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one.',
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/**
 * POST /api/v1/secure/update-partner-profile: the text fields of the multipart body (the picture,
 * profile_image, is a file part checked by PROFILE_IMAGE_* in rules/profile-image.ts).
 */
export const ZProfileUpdateRequest = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
});
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** Answer of update partner profile: the URL path of the stored picture (null when there is none). */
export const ZProfileUpdated = z.object({ profileImage: z.string().nullable() });
export type TProfileUpdated = z.infer<typeof ZProfileUpdated>;

/** POST /api/v1/secure/users/invite */
export const ZInviteUserRequest = z.object({
  email,
  firstName: name('First name'),
  lastName: name('Last name'),
  role: z.enum(MANAGEABLE, 'Choose a role.'),
});
export type TInviteUserRequest = z.infer<typeof ZInviteUserRequest>;

export const ZManagedUser = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string().nullable(),
  status: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The caller themself (who cannot be removed or re-invited). */
  isSelf: z.boolean(),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

export const ZManagedUsers = z.object({
  items: z.array(ZManagedUser),
  total: z.number().int().min(0),
  /** The roles the caller may give; empty when they may only look. */
  assignableRoles: z.array(z.string()),
});
export type TManagedUsers = z.infer<typeof ZManagedUsers>;

const managedUserFilters = {
  /** Part of a user's name or email (case-insensitive). */
  search: searchText(),
  ...sortQuery(['created_at', 'name', 'email', 'role', 'status', 'last_sign_in_at'], 'created_at', 'asc'),
};
/** GET /api/v1/secure/users: a window of the organisation's users, searched and sorted. */
export const ZManagedUsersQuery = ZListWindowQuery(LIST_WINDOW, managedUserFilters);
/** GET /api/v1/secure/users/export: the same list as Excel or PDF. */
export const ZManagedUsersExportQuery = z.object({ format: ZExportFormat, ...managedUserFilters });
export type TManagedUserFilters = Omit<z.output<typeof ZManagedUsersExportQuery>, 'format'>;

/** Answer of invite and re-invite: who, and until when the link works. */
export const ZInvitation = z.object({ userId: z.string(), email: z.string(), expiresAt: z.string() });
export type TInvitation = z.infer<typeof ZInvitation>;

/** The path parameter of the calls on one managed user. */
export const ZUserParams = z.object({ userId: z.uuid('userId must be a user id') });

/** PATCH /api/v1/secure/users/:userId/role */
export const ZChangeRoleRequest = z.object({ role: z.enum(MANAGEABLE, 'Choose a role.') });
export type TChangeRoleRequest = z.infer<typeof ZChangeRoleRequest>;

/** An msisdn in international form ('+919876543210'); the API normalises it to E.164. */
const msisdn = z.string().trim().min(6, 'Enter the mobile number with its country code.').max(20);
export const OTP_CHANNELS = ['RCS', 'SMS'] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];

/** POST /api/v1/secure/otp/generate */
export const ZGenerateOtpRequest = z.object({ msisdn });
/** GET /api/v1/secure/otp/channel?msisdn= */
export const ZOtpChannelQuery = z.object({ msisdn });
/** POST /api/v1/secure/otp/validate */
export const ZValidateOtpRequest = z.object({
  msisdn,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code is the 6 digits we sent.'),
});
export const ZOtpChannel = z.object({ msisdn: z.string(), channel: z.enum(OTP_CHANNELS) });
export const ZOtpSent = ZOtpChannel.extend({ expiresAt: z.string() });
export const ZOtpValidated = z.object({ msisdn: z.string(), valid: z.literal(true) });

/** GET /api/v1/geolocation: the caller's country from their IP (null when unknown), to preselect forms. */
export const ZGeolocation = z.object({
  countryId: z.string().nullable(),
  countryName: z.string().nullable(),
  region: z.enum(['India', 'Rest of World']),
});
export type TGeolocation = z.infer<typeof ZGeolocation>;
