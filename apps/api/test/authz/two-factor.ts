import { ROLES } from '@portico/domain';
import { type MatrixEntry, S, SUBJECTS } from './common.ts';

/** Two-factor sign-in (accounts module): one's own for every role, the requirement for the super admin. */
export const AUTHZ_MATRIX_TWO_FACTOR: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/two-factor`, action: 'two-factor.manage', allowed: SUBJECTS },
  {
    method: 'POST',
    url: `${S}/two-factor/setup`,
    action: 'two-factor.manage',
    allowed: SUBJECTS,
    payload: { password: 'not-the-password' },
    // Allowed for everyone; the matrix accounts have no password, so it is "not correct" (400).
    okStatus: 400,
  },
  {
    method: 'POST',
    url: `${S}/two-factor/enable`,
    action: 'two-factor.manage',
    allowed: SUBJECTS,
    payload: { code: '123456' },
    // Allowed; no set-up was started, so there is nothing to confirm (409).
    okStatus: 409,
  },
  {
    method: 'POST',
    url: `${S}/two-factor/recovery-codes`,
    action: 'two-factor.manage',
    allowed: SUBJECTS,
    payload: { password: 'not-the-password', code: '123456' },
    // Allowed; two-factor sign-in is off for the matrix accounts (409).
    okStatus: 409,
  },
  {
    method: 'POST',
    url: `${S}/two-factor/disable`,
    action: 'two-factor.manage',
    allowed: SUBJECTS,
    payload: { password: 'not-the-password', code: '123456' },
    okStatus: 409,
  },
  {
    method: 'GET',
    url: `${S}/two-factor/policy`,
    action: 'two-factor.policy.read',
    allowed: [ROLES.SUPER_ADMIN_PORTICO],
  },
  {
    method: 'PUT',
    url: `${S}/two-factor/policy`,
    action: 'two-factor.policy.update',
    allowed: [ROLES.SUPER_ADMIN_PORTICO],
    payload: { admin: false, carrier: false },
  },
];
