import { ALL_ROLES, BILLING_ROLES, PLATFORM_ADMIN_ROLES, ROLES } from '@portico/domain';
import type { PolicyAction } from '../src/platform/auth/policy.ts';
import type { Subject } from './factories.ts';

/** Every subject the matrix is checked for: each role of spec section 6 and the developer with no role. */
export const SUBJECTS: readonly Subject[] = [...ALL_ROLES, null];

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
  okStatus?: number;
  /** The concrete URL to call when `url` has parameters. */
  path?: string;
  /** An allowed call answers a file, not the envelope. */
  download?: boolean;
}

/**
 * Every secure route x every role -> allowed or denied. Later issues add their routes here; the
 * matrix test fails when a secure route is missing from this list.
 */
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
    allowed: [...WALLET_READERS, ...PLATFORM_ADMIN_ROLES],
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
  ...AUTHZ_MATRIX_WALLET,
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
    action: 'network-messages.read',
    allowed: PLATFORM_ADMIN_ROLES,
  },
  {
    method: 'GET',
    // The literal ':messageId' names no message: allowed callers reach the handler and get 404.
    url: '/api/v1/secure/network-messages/:messageId',
    action: 'network-messages.read',
    allowed: PLATFORM_ADMIN_ROLES,
    okStatus: 404,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/network-events',
    action: 'network-messages.read',
    allowed: PLATFORM_ADMIN_ROLES,
  },
  {
    method: 'GET',
    url: '/api/v1/secure/network-health',
    action: 'network-messages.read',
    allowed: PLATFORM_ADMIN_ROLES,
  },
];

export const subjectName = (subject: Subject) => subject ?? 'no role (developer)';
