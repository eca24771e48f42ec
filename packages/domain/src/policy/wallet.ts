import { definePolicy } from './role-groups.ts';

/** The wallet, pricing and rate plans. */
export const WALLET_POLICY = definePolicy({
  /** Wallet balance, history, exports, top-up status, verification prices (partners with hasEwallet). */
  'wallet.read': ['developer'],
  /** The low-balance alert threshold. */
  'wallet.manage': ['developerWriter'],
  'wallet.topup': ['developerWriter'],
  /** Verification payment: hold, capture, release. */
  'wallet.pay': ['developerWriter'],
  /** The PRICING page (developers; the provider's admins see it under /u too; not marketing, spec section 6). */
  'pricing.read': ['developer', 'providerAdmin'],
  'rate-plans.read': ['providerAdmin'],
  /** New rate plan versions: read-write provider admins only (read-only admins are refused). */
  'rate-plans.write': ['providerReadWrite'],
});
