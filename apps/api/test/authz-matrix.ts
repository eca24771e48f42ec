import { ALL_ROLES, BILLING_ROLES, DEVELOPER_ROLES, ROLES } from '@portico/domain';
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
  /** An allowed call answers a file, not the envelope. */
  download?: boolean;
}

// ---- wallet ----
const WALLET_READERS: readonly Subject[] = [
  null,
  ROLES.DEVELOPER,
  ROLES.CHILD_AGGREGATOR_READONLY,
  ROLES.CHILD_AGGREGATOR_READWRITE,
];
const WALLET_WRITERS: readonly Subject[] = [null, ROLES.DEVELOPER, ROLES.CHILD_AGGREGATOR_READWRITE];
const PROVIDER_ADMINS: readonly Subject[] = [
  ROLES.SUPER_ADMIN_PORTICO,
  ROLES.ADMIN_PORTICO_READONLY,
  ROLES.ADMIN_PORTICO_READWRITE,
];
const NO_SUCH_ID = '00000000-0000-4000-8000-00000000dead';
const S = '/api/v1/secure';
const AUTHZ_MATRIX_WALLET: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/wallet/balance`, action: 'wallet.read', allowed: WALLET_READERS },
  { method: 'GET', url: `${S}/wallet/transactions`, action: 'wallet.read', allowed: WALLET_READERS },
  {
    method: 'GET',
    url: `${S}/wallet/transactions/export`,
    path: `${S}/wallet/transactions/export?format=xlsx`,
    action: 'wallet.read',
    allowed: WALLET_READERS,
    download: true,
  },
  {
    method: 'PUT',
    url: `${S}/wallet/low-balance`,
    action: 'wallet.manage',
    allowed: WALLET_WRITERS,
    payload: { threshold: '20' },
  },
  {
    method: 'POST',
    url: `${S}/wallet/topups`,
    action: 'wallet.topup',
    allowed: WALLET_WRITERS,
    payload: { amount: '25' },
  },
  {
    method: 'GET',
    url: `${S}/wallet/topups/:topupId`,
    path: `${S}/wallet/topups/${NO_SUCH_ID}`,
    action: 'wallet.read',
    allowed: WALLET_READERS,
    // Allowed through the policy, then not found: the id is no top-up of the caller's.
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/wallet/verification-pricing`,
    path: `${S}/wallet/verification-pricing?carrier_ids=999999`,
    action: 'wallet.read',
    allowed: WALLET_READERS,
    okStatus: 400,
  },
  {
    method: 'POST',
    url: `${S}/wallet/holds`,
    action: 'wallet.pay',
    allowed: WALLET_WRITERS,
    payload: { carrier_ids: [999999], reference: 'bot', idempotency_key: 'matrix-hold' },
    okStatus: 400,
  },
  ...(['capture', 'release'] as const).map(
    (outcome): MatrixEntry => ({
      method: 'POST',
      url: `${S}/wallet/holds/:holdId/${outcome}`,
      path: `${S}/wallet/holds/${NO_SUCH_ID}/${outcome}`,
      action: 'wallet.pay',
      allowed: WALLET_WRITERS,
      payload: { idempotency_key: `matrix-${outcome}` },
      okStatus: 404,
    }),
  ),
  {
    method: 'GET',
    url: `${S}/pricing`,
    action: 'pricing.read',
    allowed: [...WALLET_READERS, ...PROVIDER_ADMINS],
  },
  { method: 'GET', url: `${S}/rate-plans`, action: 'rate-plans.read', allowed: PROVIDER_ADMINS },
  {
    method: 'POST',
    url: `${S}/rate-plans`,
    action: 'rate-plans.write',
    allowed: [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE],
    payload: {
      carrier_id: 1,
      currency: 'USD',
      effective_from: '2999-01-01T00:00:00Z',
      verification_price: '30',
      prices: [{ billing_category: 'SINGLE_MESSAGE', message_type: 'OTP', price: '0.004' }],
    },
  },
];

/**
 * Every secure route x every role -> allowed or denied. Later issues add their routes here; the
 * matrix test fails when a secure route is missing from this list.
 */
// ---- content (developer assets and press releases) ----
const CONTENT_MANAGERS: readonly Subject[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const MARKETING: readonly Subject[] = [ROLES.MARKETING_ADMIN];
const NO_SUCH_ROW = 2_000_000_000;
const FAQ_INPUT = { category: 'rcs', question: 'Matrix question?', answer_html: '<p>Matrix answer</p>' };
const PRESS_INPUT = { title: 'Matrix release', body_html: '<p>Body</p>', publish_date: '2026-01-01' };
const AUTHZ_MATRIX_CONTENT: readonly MatrixEntry[] = [
  ...(['downloads', 'faqs', 'videos'] as const).flatMap((kind): MatrixEntry[] => [
    {
      method: 'PUT',
      url: `${S}/content/${kind}/order`,
      action: 'content.manage',
      allowed: CONTENT_MANAGERS,
      payload: { ids: [NO_SUCH_ROW] },
      okStatus: 404,
    },
    ...(['publish', 'unpublish'] as const).map(
      (change): MatrixEntry => ({
        method: 'POST',
        url: `${S}/content/${kind}/:id/${change}`,
        path: `${S}/content/${kind}/${NO_SUCH_ROW}/${change}`,
        action: 'content.manage',
        allowed: CONTENT_MANAGERS,
        okStatus: 404,
      }),
    ),
    {
      method: 'DELETE',
      url: `${S}/content/${kind}/:id`,
      path: `${S}/content/${kind}/${NO_SUCH_ROW}`,
      action: 'content.manage',
      allowed: CONTENT_MANAGERS,
      okStatus: 404,
    },
  ]),
  { method: 'GET', url: `${S}/content/downloads`, action: 'content.read', allowed: SUBJECTS },
  {
    method: 'GET',
    url: `${S}/content/downloads/:id/file`,
    path: `${S}/content/downloads/${NO_SUCH_ROW}/file`,
    action: 'content.read',
    allowed: SUBJECTS,
    okStatus: 404,
  },
  // Allowed callers get 415 for a body that is not multipart/form-data.
  {
    method: 'POST',
    url: `${S}/content/downloads`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    okStatus: 415,
  },
  {
    method: 'PUT',
    url: `${S}/content/downloads/:id`,
    path: `${S}/content/downloads/${NO_SUCH_ROW}`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: { category: 'guide', name: 'Matrix' },
    okStatus: 404,
  },
  {
    method: 'GET',
    url: `${S}/content/sample-files/:kind`,
    path: `${S}/content/sample-files/audience?format=xlsx`,
    action: 'content.read',
    allowed: SUBJECTS,
    download: true,
  },
  { method: 'GET', url: `${S}/content/faqs`, action: 'content.read', allowed: SUBJECTS },
  {
    method: 'POST',
    url: `${S}/content/faqs`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: FAQ_INPUT,
    okStatus: 201,
  },
  {
    method: 'PUT',
    url: `${S}/content/faqs/:id`,
    path: `${S}/content/faqs/${NO_SUCH_ROW}`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: FAQ_INPUT,
    okStatus: 404,
  },
  { method: 'GET', url: `${S}/content/videos`, action: 'content.read', allowed: SUBJECTS },
  {
    method: 'POST',
    url: `${S}/content/videos`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    okStatus: 415,
  },
  {
    method: 'PUT',
    url: `${S}/content/videos/:id`,
    path: `${S}/content/videos/${NO_SUCH_ROW}`,
    action: 'content.manage',
    allowed: CONTENT_MANAGERS,
    payload: { title: 'Matrix', duration_seconds: 5 },
    okStatus: 404,
  },
  { method: 'GET', url: `${S}/press-releases`, action: 'press-releases.manage', allowed: MARKETING },
  {
    method: 'GET',
    url: `${S}/press-releases/:id`,
    path: `${S}/press-releases/${NO_SUCH_ROW}`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/press-releases`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    payload: PRESS_INPUT,
    okStatus: 201,
  },
  {
    method: 'PUT',
    url: `${S}/press-releases/:id`,
    path: `${S}/press-releases/${NO_SUCH_ROW}`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    payload: PRESS_INPUT,
    okStatus: 404,
  },
  {
    method: 'POST',
    url: `${S}/press-releases/:id/image`,
    path: `${S}/press-releases/${NO_SUCH_ROW}/image`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    okStatus: 415,
  },
  ...(['submit', 'unpublish'] as const).map(
    (change): MatrixEntry => ({
      method: 'POST',
      url: `${S}/press-releases/:id/${change}`,
      path: `${S}/press-releases/${NO_SUCH_ROW}/${change}`,
      action: 'press-releases.manage',
      allowed: MARKETING,
      okStatus: 404,
    }),
  ),
  {
    method: 'DELETE',
    url: `${S}/press-releases/:id`,
    path: `${S}/press-releases/${NO_SUCH_ROW}`,
    action: 'press-releases.manage',
    allowed: MARKETING,
    okStatus: 404,
  },
];

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
  ...AUTHZ_MATRIX_WALLET,
  ...AUTHZ_MATRIX_CONTENT,
  // ---- networks ----
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

export const subjectName = (subject: Subject) => subject ?? 'no role (developer)';
