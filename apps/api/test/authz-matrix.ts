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
