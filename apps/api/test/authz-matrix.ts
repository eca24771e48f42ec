import { ALL_ROLES, BILLING_ROLES, DEVELOPER_ROLES, PLATFORM_ADMIN_ROLES, ROLES } from '@portico/domain';
import type { PolicyAction } from '../src/platform/auth/policy.ts';
import type { Subject } from './factories.ts';

/** Every subject the matrix is checked for: each role of spec section 6 and the developer with no role. */
export const SUBJECTS: readonly Subject[] = [...ALL_ROLES, null];

/** The partner's own developer account: no role, or DEVELOPER (not the child aggregator users). */
const DEVELOPER_OWNERS: readonly Subject[] = [null, ROLES.DEVELOPER];
/** Developer-side accounts that may change things (not the read-only child). */
const DEVELOPER_WRITERS: readonly Subject[] = [null, ROLES.DEVELOPER, ROLES.CHILD_AGGREGATOR_READWRITE];
/** A user id that belongs to nobody: allowed callers get the service's 404. */
const NO_SUCH_USER = '00000000-0000-4000-8000-00000000dead';

export interface MatrixEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The policy action the route must declare. */
  action: PolicyAction;
  /** The subjects allowed; everyone else must get 403. Written out here, not derived from the policy. */
  allowed: readonly Subject[];
  /** Body for mutating routes (a valid one, so "allowed" means the call succeeds). */
  payload?: unknown;
  /** HTTP status an allowed call answers with (default 200). */
  okStatus?: number | ((subject: Subject) => number);
  /** For an allowed call answering 403: the service's own refusal, told apart from the policy's. */
  okMessage?: RegExp;
  /** The URL to call when `url` is a route pattern with parameters. */
  path?: string;
}

/**
 * Every secure route x every role -> allowed or denied. Later issues add their routes here; the
 * matrix test fails when a secure route is missing from this list.
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
    allowed: [...PLATFORM_ADMIN_ROLES, ...BILLING_ROLES],
  },
  // ---- accounts ----
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
];

export const subjectName = (subject: Subject) => subject ?? 'no role (developer)';
