import type { TopupStatus } from '../contracts/wallet.ts';

/** What a payment provider tells us about a top-up's checkout. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'abandoned';

/**
 * The statuses each outcome may move a top-up from (decision 0014). A success wins from every
 * status but itself: providers report a payment that failed and was then retried, or a checkout
 * that expired while the bank confirmed, as a late success, and the money was taken. A failure or
 * an abandonment only closes a checkout still pending; after a success it changes nothing.
 */
export const TOPUP_MOVES_FROM: Readonly<Record<PaymentOutcome, readonly TopupStatus[]>> = {
  succeeded: ['pending', 'failed', 'abandoned'],
  failed: ['pending'],
  abandoned: ['pending'],
};

/** What an outcome does to a top-up in `current`: its new status and whether the wallet is credited. */
export function applyPaymentOutcome(
  current: TopupStatus,
  outcome: PaymentOutcome,
): { status: TopupStatus; credit: boolean } {
  if (!TOPUP_MOVES_FROM[outcome].includes(current)) return { status: current, credit: false };
  return { status: outcome, credit: outcome === 'succeeded' };
}
