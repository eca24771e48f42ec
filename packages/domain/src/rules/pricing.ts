import type { RBM_TRAFFIC_TYPES } from '../contracts/rbm-agent-messages.ts';

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

/** Why a new price version cannot start then, or null: it never starts in the past (a minute of slack). */
export function pastStartProblem(effectiveFrom: Date, now: Date): string | null {
  return effectiveFrom.getTime() < now.getTime() - 60_000
    ? 'Effective from must not be in the past: a new version never rewrites what was charged.'
    : null;
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

// ---- what a message is, as the price lists price it (issue 25, decisions 0032 and 0033) ----

/** The message types of the carriers' rate plans (the bot message categories). */
type RcsMessageType = 'Promotional' | 'OTP' | 'Multi-Use' | 'Transactional';

/** RBM's messageTrafficType (the message's own type, when the partner sends one). */
type RbmTrafficType = (typeof RBM_TRAFFIC_TYPES)[number];

const RBM_TRAFFIC_TYPE: Record<RbmTrafficType, RcsMessageType> = {
  AUTHENTICATION: 'OTP',
  PROMOTION: 'Promotional',
  TRANSACTION: 'Transactional',
  // A request for service and an acknowledgement answer the user: transactional traffic.
  SERVICEREQUEST: 'Transactional',
  ACKNOWLEDGEMENT: 'Transactional',
};

const RCS_MESSAGE_TYPES: readonly string[] = ['Promotional', 'OTP', 'Multi-Use', 'Transactional'];

/**
 * The rate-plan message type of an RCS message: the message's own type when the network carries one
 * (RBM's messageTrafficType), else the bot's message category, else Transactional (a bot saved
 * before categories were asked). The one rule for the partner API, the test console and campaigns.
 */
export function rcsMessageType(message: {
  trafficType?: RbmTrafficType | undefined;
  botCategory?: string | null | undefined;
}): RcsMessageType {
  if (message.trafficType) return RBM_TRAFFIC_TYPE[message.trafficType];
  const category = message.botCategory ?? '';
  return RCS_MESSAGE_TYPES.includes(category) ? (category as RcsMessageType) : 'Transactional';
}

/** WhatsApp's pricing categories (Meta's): a template's category, or service for a free-form reply. */
export const WHATSAPP_PRICING_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type WhatsappPricingCategory = (typeof WHATSAPP_PRICING_CATEGORIES)[number];

/**
 * The pricing category of a WhatsApp message (Meta's per-message model, decision 0033): a template
 * message is priced by its template's category (null when the bot has no such template: the rate
 * card's highest template price applies); any other message is a reply in the customer service
 * window, priced as service.
 */
export function whatsappPricingCategory(
  content: { kind: string },
  templateCategory: string | null,
): WhatsappPricingCategory | null {
  if (content.kind !== 'template') return 'service';
  const category = templateCategory?.toLowerCase();
  return category === 'marketing' || category === 'utility' || category === 'authentication'
    ? category
    : null;
}

export interface WhatsappRateCardLine {
  category: string;
  /** Price of one message, in micros. */
  priceMicros: bigint;
}

/**
 * The price of one WhatsApp message on a country's rate card in force: the category's price, or, for a
 * template the bot does not know (category null), the card's highest template price, so a message is
 * never charged less than it may cost. Null when the card does not price it.
 */
export function whatsappMessagePrice(
  card: { prices: readonly WhatsappRateCardLine[] },
  category: WhatsappPricingCategory | null,
): { category: WhatsappPricingCategory; priceMicros: bigint } | null {
  if (category !== null) {
    const line = card.prices.find((p) => p.category === category);
    return line ? { category, priceMicros: line.priceMicros } : null;
  }
  let best: { category: WhatsappPricingCategory; priceMicros: bigint } | null = null;
  for (const line of card.prices) {
    if (line.category === 'service') continue;
    if (!best || line.priceMicros > best.priceMicros)
      best = { category: line.category as WhatsappPricingCategory, priceMicros: line.priceMicros };
  }
  return best;
}
