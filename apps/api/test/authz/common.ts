import { ALL_ROLES, ROLES } from '@portico/domain';
import type { PolicyAction } from '../../src/platform/auth/policy.ts';
import type { Subject } from '../factories.ts';

// What every module's part of the authorisation matrix shares: the entry's shape and the subject groups.

/** Every subject the matrix is checked for: each role of spec section 6 and the developer with no role. */
export const SUBJECTS: readonly Subject[] = [...ALL_ROLES, null];

/** The partner's own developer account: no role, or DEVELOPER (not the child aggregator users). */
export const DEVELOPER_OWNERS: readonly Subject[] = [null, ROLES.DEVELOPER];
/** Developer-side accounts that may change things (not the read-only child). */
export const DEVELOPER_WRITERS: readonly Subject[] = [
  null,
  ROLES.DEVELOPER,
  ROLES.CHILD_AGGREGATOR_READWRITE,
];
/** A user id that belongs to nobody: allowed callers get the service's 404. */
export const NO_SUCH_USER = '00000000-0000-4000-8000-00000000dead';

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

export const WALLET_READERS: readonly Subject[] = [
  null,
  ROLES.DEVELOPER,
  ROLES.CHILD_AGGREGATOR_READONLY,
  ROLES.CHILD_AGGREGATOR_READWRITE,
];
export const WALLET_WRITERS: readonly Subject[] = [null, ROLES.DEVELOPER, ROLES.CHILD_AGGREGATOR_READWRITE];
export const PROVIDER_ADMINS: readonly Subject[] = [
  ROLES.SUPER_ADMIN_PORTICO,
  ROLES.ADMIN_PORTICO_READONLY,
  ROLES.ADMIN_PORTICO_READWRITE,
];
export const NO_SUCH_ID = '00000000-0000-4000-8000-00000000dead';
export const S = '/api/v1/secure';

export const subjectName = (subject: Subject) => subject ?? 'no role (developer)';
