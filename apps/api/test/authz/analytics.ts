import { BILLING_ROLES } from '@portico/domain';
import { type MatrixEntry, PROVIDER_ADMINS, S, WALLET_READERS } from './common.ts';

/**
 * Billing analytics: developers and aggregators (child users read) their own partner, carrier roles
 * their network, the provider's admins everything; not the marketing admin.
 */
const READERS = [...WALLET_READERS, ...BILLING_ROLES, ...PROVIDER_ADMINS];

export const AUTHZ_MATRIX_ANALYTICS: readonly MatrixEntry[] = [
  { method: 'GET', url: `${S}/analytics/billing`, action: 'analytics.read', allowed: READERS },
  {
    method: 'GET',
    url: `${S}/analytics/billing/export`,
    path: `${S}/analytics/billing/export?format=xlsx`,
    action: 'analytics.read',
    allowed: READERS,
    download: true,
  },
  {
    method: 'GET',
    url: `${S}/analytics/statement`,
    path: `${S}/analytics/statement?month=2026-01`,
    action: 'analytics.statement',
    allowed: READERS,
    download: true,
    // The platform and the carriers name the partner whose statement they want: without one, a 400.
    okStatus: (subject) => (WALLET_READERS.includes(subject) ? 200 : 400),
  },
];
