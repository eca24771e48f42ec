import { ALL_ROLES, BILLING_ROLES, PLATFORM_ADMIN_ROLES } from '@portico/domain';
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
];

export const subjectName = (subject: Subject) => subject ?? 'no role (developer)';
