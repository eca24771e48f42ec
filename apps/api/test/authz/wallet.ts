import { ROLES } from '@portico/domain';
import {
  type MatrixEntry,
  NO_SUCH_ID,
  PROVIDER_ADMINS,
  S,
  WALLET_READERS,
  WALLET_WRITERS,
} from './common.ts';

/** The wallet's routes: balance, history, top-ups, alerts, pricing and rate plans. */
export const AUTHZ_MATRIX_WALLET: readonly MatrixEntry[] = [
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
