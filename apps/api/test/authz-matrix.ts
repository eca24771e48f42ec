import { BILLING_ROLES, DEVELOPER_ROLES, ROLES } from '@portico/domain';
import { AUTHZ_MATRIX_AGGREGATORS } from './authz/aggregators.ts';
import { AUTHZ_MATRIX_ANALYTICS } from './authz/analytics.ts';
import { AUTHZ_MATRIX_AUDIENCES } from './authz/audiences.ts';
import { AUTHZ_MATRIX_BOT_REVIEW } from './authz/bot-review.ts';
import { AUTHZ_MATRIX_BOT_TESTING } from './authz/bot-testing.ts';
import { AUTHZ_MATRIX_BOTS } from './authz/bots.ts';
import { AUTHZ_MATRIX_BRANDS } from './authz/brands.ts';
import { AUTHZ_MATRIX_CAMPAIGNS } from './authz/campaigns.ts';
import {
  DEVELOPER_OWNERS,
  DEVELOPER_WRITERS,
  type MatrixEntry,
  NO_SUCH_USER,
  PROVIDER_ADMINS,
  SUBJECTS,
} from './authz/common.ts';
import { AUTHZ_MATRIX_CONTENT } from './authz/content.ts';
import { AUTHZ_MATRIX_LAUNCHES } from './authz/launches.ts';
import { AUTHZ_MATRIX_NOTIFICATIONS } from './authz/notifications.ts';
import { AUTHZ_MATRIX_PARTNER_CREDENTIALS } from './authz/partner-credentials.ts';
import { AUTHZ_MATRIX_PARTNER_WEBHOOKS } from './authz/partner-webhooks.ts';
import { AUTHZ_MATRIX_TEMPLATES } from './authz/templates.ts';
import { AUTHZ_MATRIX_TWO_FACTOR } from './authz/two-factor.ts';
import { AUTHZ_MATRIX_WALLET } from './authz/wallet.ts';

export { type MatrixEntry, SUBJECTS, subjectName } from './authz/common.ts';

/**
 * Every secure route x every role -> allowed or denied: the platform's and the accounts' routes
 * here, each other module's in test/authz/<module>.ts (one line below). The matrix test fails when
 * a secure route is missing from this list.
 */
export const AUTHZ_MATRIX: readonly MatrixEntry[] = [
  {
    method: 'GET',
    url: '/api/v1/secure/partner-details',
    action: 'partner-details.read',
    allowed: SUBJECTS,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/reference-token',
    action: 'reference-token.issue',
    // Not the marketing admin: bare header, no external links (spec section 6).
    allowed: [...PROVIDER_ADMINS, ...BILLING_ROLES],
  },
  // The accounts module: set-up, profile, managed users, security records.
  {
    method: 'GET',
    url: '/api/v1/secure/account-setup',
    action: 'account-setup.read',
    allowed: DEVELOPER_OWNERS,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/setup-user-details',
    action: 'account-setup.write',
    allowed: DEVELOPER_OWNERS,
    payload: { firstName: 'A', lastName: 'B' },
    // Allowed by the policy; the matrix accounts are already set up, so the service answers 409.
    okStatus: 409,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/account-type',
    action: 'account-setup.write',
    allowed: DEVELOPER_OWNERS,
    payload: { accountType: 'developer' },
    okStatus: 409,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/complete-setup',
    action: 'account-setup.write',
    allowed: DEVELOPER_OWNERS,
    okStatus: 409,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/update-company-details',
    action: 'company-details.update',
    allowed: DEVELOPER_OWNERS,
    payload: {
      company: { name: 'Acme', website: 'https://acme.example', industryTypeId: 1 },
      address: { line1: '1 Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
    },
  },
  {
    method: 'POST',
    url: '/api/v1/secure/update-carrier-profile',
    action: 'carrier-profile.update',
    allowed: [ROLES.ADMIN_BILLING],
    payload: {
      company: { name: 'Carrier Ltd', website: 'https://carrier.example', industryTypeId: 1 },
      address: { line1: '1 Road', city: 'Mumbai', postalCode: '400001', countryId: 'IN' },
    },
  },
  {
    method: 'POST',
    url: '/api/v1/secure/update-admin-profile',
    action: 'admin-profile.update',
    allowed: [ROLES.SUPER_ADMIN_PORTICO],
    payload: {
      company: { name: 'Platform Ltd', website: 'https://platform.example', industryTypeId: 1 },
      address: { line1: '1 Road', city: 'Bengaluru', postalCode: '560001', countryId: 'IN' },
    },
  },
  {
    method: 'POST',
    url: '/api/v1/secure/change-password',
    action: 'password.change',
    allowed: SUBJECTS,
    payload: {
      currentPassword: 'not-the-password',
      newPassword: 'N3w!Passw0rd',
      confirmPassword: 'N3w!Passw0rd',
    },
    // Allowed for everyone; the matrix accounts have no password, so the current one is "not correct" (400).
    okStatus: 400,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/update-partner-profile',
    action: 'profile.update',
    allowed: SUBJECTS.filter((s) => s !== ROLES.CHILD_AGGREGATOR_READONLY),
    // Allowed callers get 415 for this JSON body (the call takes multipart/form-data).
    payload: { firstName: 'X' },
    okStatus: 415,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/users',
    action: 'users.list',
    allowed: [null, ...DEVELOPER_ROLES, ROLES.ADMIN_BILLING, ROLES.SUPER_ADMIN_PORTICO],
  },
  {
    method: 'GET',
    url: '/api/v1/secure/users/export',
    path: '/api/v1/secure/users/export?format=xlsx',
    action: 'users.list',
    allowed: [null, ...DEVELOPER_ROLES, ROLES.ADMIN_BILLING, ROLES.SUPER_ADMIN_PORTICO],
    download: true,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/users/invite',
    action: 'users.manage',
    allowed: [...DEVELOPER_OWNERS, ROLES.ADMIN_BILLING, ROLES.SUPER_ADMIN_PORTICO],
    // MARKETING_ADMIN: the super admin may give it (200); the others are refused by the service for the role (403).
    payload: { email: 'matrix-invite@portico.test', firstName: 'M', lastName: 'X', role: 'MARKETING_ADMIN' },
    okStatus: (subject) => (subject === ROLES.SUPER_ADMIN_PORTICO ? 200 : 403),
    okMessage: /^Invitation sent$|^You cannot give the role MARKETING_ADMIN\.$/,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/users/:userId/reinvite',
    path: `/api/v1/secure/users/${NO_SUCH_USER}/reinvite`,
    action: 'users.manage',
    allowed: [...DEVELOPER_OWNERS, ROLES.ADMIN_BILLING, ROLES.SUPER_ADMIN_PORTICO],
    okStatus: 404,
  },
  {
    method: 'PATCH',
    url: '/api/v1/secure/users/:userId/role',
    path: `/api/v1/secure/users/${NO_SUCH_USER}/role`,
    action: 'users.manage',
    allowed: [...DEVELOPER_OWNERS, ROLES.ADMIN_BILLING, ROLES.SUPER_ADMIN_PORTICO],
    payload: { role: 'USER_BILLING' },
    okStatus: 404,
  },
  {
    method: 'DELETE',
    url: '/api/v1/secure/users/:userId',
    path: `/api/v1/secure/users/${NO_SUCH_USER}`,
    action: 'users.manage',
    allowed: [...DEVELOPER_OWNERS, ROLES.ADMIN_BILLING, ROLES.SUPER_ADMIN_PORTICO],
    okStatus: 404,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/audit-log',
    action: 'audit-log.read',
    allowed: [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READONLY, ROLES.ADMIN_PORTICO_READWRITE],
  },
  {
    method: 'GET',
    url: '/api/v1/secure/audit-log/export',
    path: '/api/v1/secure/audit-log/export?format=pdf',
    action: 'audit-log.read',
    allowed: [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READONLY, ROLES.ADMIN_PORTICO_READWRITE],
    download: true,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/exports/:exportId',
    path: '/api/v1/secure/exports/00000000-0000-4000-8000-000000000000',
    action: 'exports.read',
    // Everyone follows their own large exports; this one is nobody's.
    allowed: SUBJECTS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/otp/channel',
    path: '/api/v1/secure/otp/channel?msisdn=%2B919876543210',
    action: 'otp.use',
    allowed: DEVELOPER_WRITERS,
  },
  {
    method: 'POST',
    url: '/api/v1/secure/otp/generate',
    action: 'otp.use',
    allowed: DEVELOPER_WRITERS,
    payload: { msisdn: '+919876543210' },
  },
  {
    method: 'POST',
    url: '/api/v1/secure/otp/validate',
    action: 'otp.use',
    allowed: DEVELOPER_WRITERS,
    payload: { msisdn: '+919876543299', code: '123456' },
    // Allowed; no code was generated for this number, so the service answers 410.
    okStatus: 410,
  },
  ...AUTHZ_MATRIX_ANALYTICS,
  ...AUTHZ_MATRIX_TWO_FACTOR,
  ...AUTHZ_MATRIX_NOTIFICATIONS,
  ...AUTHZ_MATRIX_WALLET,
  ...AUTHZ_MATRIX_BRANDS,
  ...AUTHZ_MATRIX_BOT_TESTING,
  ...AUTHZ_MATRIX_PARTNER_WEBHOOKS,
  ...AUTHZ_MATRIX_PARTNER_CREDENTIALS,
  ...AUTHZ_MATRIX_AGGREGATORS,
  ...AUTHZ_MATRIX_CONTENT,
  ...AUTHZ_MATRIX_TEMPLATES,
  ...AUTHZ_MATRIX_BOTS,
  ...AUTHZ_MATRIX_LAUNCHES,
  ...AUTHZ_MATRIX_BOT_REVIEW,
  ...AUTHZ_MATRIX_AUDIENCES,
  ...AUTHZ_MATRIX_CAMPAIGNS,
  // The network messages: test sends and their events.
  {
    method: 'POST',
    url: '/api/v1/secure/network-messages/test',
    action: 'network-messages.test-send',
    allowed: [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE],
    payload: {
      network: 'rbm',
      recipient: '+919800000001',
      content: { kind: 'text', text: 'Authorisation matrix' },
    },
    okStatus: 201,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/network-messages',
    // The provider's admins; not the marketing admin (spec section 6).
    action: 'network-messages.read',
    allowed: PROVIDER_ADMINS,
  },
  {
    method: 'GET',
    // The literal ':messageId' names no message: allowed callers reach the handler and get 404.
    url: '/api/v1/secure/network-messages/:messageId',
    // The provider's admins; not the marketing admin (spec section 6).
    action: 'network-messages.read',
    allowed: PROVIDER_ADMINS,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/network-events',
    // The provider's admins; not the marketing admin (spec section 6).
    action: 'network-messages.read',
    allowed: PROVIDER_ADMINS,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/network-health',
    // The provider's admins; not the marketing admin (spec section 6).
    action: 'network-messages.read',
    allowed: PROVIDER_ADMINS,
  },
];
