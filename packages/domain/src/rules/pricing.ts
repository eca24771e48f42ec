/**
 * Pricing rules (issue 5): which version of a carrier's rate plan applies at an instant, and what a
 * message or a bot verification costs under it. Pure functions over micro-unit bigints.
 */

export interface RatePlanPriceLine {
  billingCategory: string;
  messageType: string;
  /** Price of one message, in micros. */
  priceMicros: bigint;
}

export interface RatePlanVersion {
  ratePlanId: number;
  carrierId: number;
  currency: string;
  /** When this version starts to apply (inclusive). */
  effectiveFrom: Date;
  verificationPriceMicros: bigint;
  prices: readonly RatePlanPriceLine[];
}

/**
 * The version in force at `at`: the latest effectiveFrom not after `at` (a later version ends the
 * earlier one, so versions never overlap and the past is never rewritten). Null before the first.
 */
export function effectiveVersion<V extends { effectiveFrom: Date; ratePlanId: number }>(
  versions: readonly V[],
  at: Date,
): V | null {
  let best: V | null = null;
  for (const version of versions) {
    if (version.effectiveFrom.getTime() > at.getTime()) continue;
    if (
      !best ||
      version.effectiveFrom.getTime() > best.effectiveFrom.getTime() ||
      (version.effectiveFrom.getTime() === best.effectiveFrom.getTime() &&
        version.ratePlanId > best.ratePlanId)
    ) {
      best = version;
    }
  }
  return best;
}

/** When a version stops applying: the next version's start, or null while it is the latest. */
export function effectiveUntil<V extends { effectiveFrom: Date; ratePlanId: number }>(
  versions: readonly V[],
  version: V,
): Date | null {
  let next: Date | null = null;
  for (const other of versions) {
    if (other.ratePlanId === version.ratePlanId) continue;
    const starts = other.effectiveFrom.getTime();
    if (starts <= version.effectiveFrom.getTime()) continue;
    if (!next || starts < next.getTime()) next = other.effectiveFrom;
  }
  return next;
}

/** Price of `count` messages of this category and type, or null when the plan does not price them. */
export function messagePrice(
  plan: Pick<RatePlanVersion, 'prices'>,
  billingCategory: string,
  messageType: string,
  count = 1,
): bigint | null {
  const line = plan.prices.find(
    (p) => p.billingCategory === billingCategory && p.messageType === messageType,
  );
  return line ? line.priceMicros * BigInt(count) : null;
}

/** The price of verifying a bot on several carriers: the sum of each carrier's verification price. */
export function verificationTotal(
  plans: readonly Pick<RatePlanVersion, 'verificationPriceMicros'>[],
): bigint {
  return plans.reduce((sum, plan) => sum + plan.verificationPriceMicros, 0n);
}

/** Whether a balance crossed below the threshold with this change (one alert per crossing). */
export function crossesBelowThreshold(before: bigint, after: bigint, threshold: bigint | null): boolean {
  return threshold !== null && before >= threshold && after < threshold;
}
