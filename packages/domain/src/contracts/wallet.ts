import { z } from 'zod';
import { parseMoney } from '../rules/money.ts';
import { WHATSAPP_PRICING_CATEGORIES } from '../rules/pricing.ts';
import { ZListWindowQuery } from './envelope.ts';
import { MAX_ROW_ID, rowId, searchText } from './fields.ts';
import { refineDateRange, sortQuery, ZExportFormat, ZIsoDate } from './list-filters.ts';

/** A money amount in JSON: a decimal string with at most 6 decimals (never a float). */
export const ZMoney = z
  .string()
  .trim()
  .refine((v) => parseMoney(v) !== null, 'must be an amount such as 25 or 25.50 (at most 6 decimals)');

const positiveMoney = (field: string, min: bigint, max: bigint, minLabel: string, maxLabel: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => parseMoney(v) !== null,
      `${field} must be an amount such as 25 or 25.50 (at most 6 decimals)`,
    )
    .refine((v) => (parseMoney(v) ?? 0n) >= min, `${field} must be at least ${minLabel}`)
    .refine((v) => (parseMoney(v) ?? 0n) <= max, `${field} must be at most ${maxLabel}`);

export const LEDGER_TRANSACTION_KINDS = [
  'topup',
  'debit',
  'hold',
  'capture',
  'release',
  'adjustment',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** GET wallet balance (the spec's "wallet balance through a gateway"). */
export const ZWalletBalance = z.object({
  currency: z.string(),
  /** Spendable now. */
  balance: z.string(),
  /** Reserved by holds not yet captured or released. */
  held: z.string(),
  low_balance_threshold: z.string().nullable(),
  /** The balance is below the threshold: the portal shows a banner. */
  low_balance: z.boolean(),
});
export type TWalletBalance = z.infer<typeof ZWalletBalance>;

/** One line of the wallet's history: a movement of the spendable balance. */
export const ZWalletTransaction = z.object({
  transaction_id: z.string(),
  created_at: z.string(),
  kind: z.enum(LEDGER_TRANSACTION_KINDS),
  description: z.string(),
  /** Signed: positive credits the wallet, negative debits it. */
  amount: z.string(),
  running_balance: z.string(),
  reference: z.string().nullable(),
  /** A hold's state now: still held, charged (captured) or given back (released); null for other kinds. */
  hold_status: z.enum(['held', 'captured', 'released']).nullable(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const walletHistoryFilters = {
  kind: z.enum(LEDGER_TRANSACTION_KINDS).optional(),
  /** Inclusive calendar dates (UTC). */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  search: searchText(),
  /** Time is the order entries were written in; amount is signed (the largest charge first when ascending). */
  ...sortQuery(['created_at', 'amount'], 'created_at'),
};
export const ZWalletTransactionsQuery = refineDateRange(
  ZListWindowQuery({ start: 0, end: 30 }, walletHistoryFilters),
);
export type TWalletTransactionsQuery = z.output<typeof ZWalletTransactionsQuery>;

export const ZWalletExportQuery = refineDateRange(
  z.object({ format: ZExportFormat, ...walletHistoryFilters }),
);
export type TWalletExportQuery = z.output<typeof ZWalletExportQuery>;

/** Top-up limits (micros): 10.00 to 10,000.00 per top-up. */
export const TOPUP_MIN_MICROS = 10_000_000n;
export const TOPUP_MAX_MICROS = 10_000_000_000n;

export const ZTopupRequest = z.object({
  amount: positiveMoney('Amount', TOPUP_MIN_MICROS, TOPUP_MAX_MICROS, '10.00', '10,000.00'),
});
export type TTopupRequest = z.infer<typeof ZTopupRequest>;

export const TOPUP_STATUSES = ['pending', 'succeeded', 'failed', 'abandoned'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

export const ZTopup = z.object({
  topup_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(TOPUP_STATUSES),
  provider: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Where the browser goes to pay (the provider's hosted checkout). */
  // Null only when the provider could not open a checkout (the top-up stays pending and is never credited).
  checkout_url: z.string().nullable(),
});
export type TTopup = z.infer<typeof ZTopup>;

export const ZLowBalanceSettings = z.object({
  /** null switches the alert off. */
  threshold: positiveMoney('Threshold', 0n, TOPUP_MAX_MICROS, '0.00', '10,000.00').nullable(),
});
export type TLowBalanceSettings = z.infer<typeof ZLowBalanceSettings>;

// ---- verification payment (the launch stepper's Payment step) ----

export const ZVerificationPricingQuery = z.object({
  carrier_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'carrier_ids must be a comma-separated list of carrier ids')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= 50, 'at most 50 carriers')
    .refine((ids) => ids.every((id) => id <= MAX_ROW_ID), 'carrier_ids names a carrier that does not exist'),
});

export const ZVerificationPriceLine = z.object({
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  plan_code: z.string(),
  price: z.string(),
});
export const ZVerificationPricing = z.object({
  currency: z.string(),
  items: z.array(ZVerificationPriceLine),
  total: z.string(),
});
export type TVerificationPricing = z.infer<typeof ZVerificationPricing>;

export const ZIdempotencyKey = z
  .string()
  .trim()
  .min(8, 'idempotency_key must be 8 to 100 characters')
  .max(100, 'idempotency_key must be 8 to 100 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'idempotency_key may use letters, digits and . _ : -');

export const ZVerificationHoldRequest = z.object({
  carrier_ids: z.array(rowId()).min(1, 'choose at least one carrier').max(50),
  /** What is being verified, e.g. the bot id; shown in the wallet history. */
  reference: z.string().trim().min(1).max(100),
  idempotency_key: ZIdempotencyKey,
});
export type TVerificationHoldRequest = z.infer<typeof ZVerificationHoldRequest>;

export const HOLD_STATUSES = ['held', 'captured', 'released'] as const;
export const ZHold = z.object({
  hold_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(HOLD_STATUSES),
  reference: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type THold = z.infer<typeof ZHold>;

export const ZHoldSettleRequest = z.object({ idempotency_key: ZIdempotencyKey });
/** Path parameters of the hold and top-up calls. */
export const ZHoldParams = z.object({ holdId: z.uuid('holdId must be a UUID') });
export const ZTopupParams = z.object({ topupId: z.uuid('topupId must be a UUID') });

// ---- rate plans and pricing ----

/**
 * Message types of a price line: the bot message categories (BOT_MESSAGE_CATEGORIES, checked equal in
 * money.test.ts). Written out so the web's wallet chunk does not share the shell's statuses module.
 */
export const MESSAGE_TYPES = ['Promotional', 'OTP', 'Multi-Use', 'Transactional'] as const;

export const ZRatePlanPrice = z.object({
  billing_category: z.string().min(1),
  message_type: z.enum(MESSAGE_TYPES),
  price: positiveMoney('Price', 0n, 1_000_000_000n, '0.00', '1,000.00'),
});

export const ZRatePlan = z.object({
  rate_plan_id: z.number().int(),
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  country_id: z.string(),
  plan_code: z.string(),
  partner_code: z.string(),
  currency: z.string(),
  effective_from: z.string(),
  /** When the next version takes over; null for the latest. */
  effective_to: z.string().nullable(),
  verification_price: z.string(),
  prices: z.array(z.object({ billing_category: z.string(), message_type: z.string(), price: z.string() })),
  created_at: z.string(),
});
export type TRatePlan = z.infer<typeof ZRatePlan>;

export const ZRatePlanCreate = z.object({
  carrier_id: rowId(),
  plan_code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,16}$/, 'Plan code must be 2 to 16 capital letters or digits')
    .default('MPG01'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD'),
  /** ISO date-time; must not be in the past (a new version never rewrites what was charged). */
  effective_from: z.iso.datetime({ offset: true, message: 'Effective from must be a date and time' }),
  verification_price: positiveMoney('Verification price', 0n, 1_000_000_000n, '0.00', '1,000.00'),
  prices: z.array(ZRatePlanPrice).min(1, 'Add at least one price').max(100),
});
export type TRatePlanCreate = z.input<typeof ZRatePlanCreate>;

/** The rate plans' order: by carrier (country, then name; each carrier's newest version first) or by start. */
const ratePlanSort = sortQuery(['carrier', 'effective_from'], 'carrier', 'asc');
export type RatePlanSort = { sort: 'carrier' | 'effective_from'; order: 'asc' | 'desc' };

export const ZRatePlansQuery = ZListWindowQuery(
  { start: 0, end: 30 },
  { carrier_id: z.coerce.number().pipe(rowId()).optional(), search: searchText(), ...ratePlanSort },
);

/** One carrier on the pricing page: its plan in force now (null when it has none yet). */
export const ZCarrierPricing = z.object({
  carrier_id: z.number().int(),
  carrier_name: z.string(),
  country_id: z.string(),
  country_name: z.string(),
  plan: ZRatePlan.nullable(),
});
export type TCarrierPricing = z.infer<typeof ZCarrierPricing>;

export type PricingSort = { sort: 'country' | 'carrier'; order: 'asc' | 'desc' };
/** PRICING's carriers: by country (the region's own order, then name) or by carrier name. */
export const ZPricingQuery = ZListWindowQuery(
  { start: 0, end: 30 },
  { search: searchText(), ...sortQuery(['country', 'carrier'], 'country', 'asc') },
);
export const ZPricingList = z.object({
  region: z.enum(['India', 'Rest of World']),
  items: z.array(ZCarrierPricing),
  total: z.number().int(),
});
export type TPricingList = z.infer<typeof ZPricingList>;

export const ZRatePlansExportQuery = z.object({
  format: ZExportFormat,
  carrier_id: z.coerce.number().pipe(rowId()).optional(),
  search: searchText(),
  ...ratePlanSort,
});

// ---- WhatsApp rate cards (issue 25 point 2, decision 0033) ----

export const ZWhatsappRateCardPrice = z.object({
  category: z.enum(WHATSAPP_PRICING_CATEGORIES),
  price: positiveMoney('Price', 0n, 1_000_000_000n, '0.00', '1,000.00'),
});

/** One version of a country's WhatsApp rate card: a price per Meta pricing category. */
export const ZWhatsappRateCard = z.object({
  rate_card_id: z.number().int(),
  country_id: z.string(),
  country_name: z.string(),
  currency: z.string(),
  effective_from: z.string(),
  /** When the next version takes over; null for the latest. */
  effective_to: z.string().nullable(),
  prices: z.array(z.object({ category: z.enum(WHATSAPP_PRICING_CATEGORIES), price: z.string() })),
  created_at: z.string(),
});
export type TWhatsappRateCard = z.infer<typeof ZWhatsappRateCard>;

export const ZWhatsappRateCardCreate = z.object({
  country_id: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Choose a country'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter code such as USD'),
  /** ISO date-time; must not be in the past (a new version never rewrites what was charged). */
  effective_from: z.iso.datetime({ offset: true, message: 'Effective from must be a date and time' }),
  prices: z
    .array(ZWhatsappRateCardPrice)
    .min(1, 'Add at least one price')
    .max(WHATSAPP_PRICING_CATEGORIES.length),
});
export type TWhatsappRateCardCreate = z.input<typeof ZWhatsappRateCardCreate>;

export type RateCardSort = 'country' | 'effective_from';

const rateCardFilters = {
  country_id: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country_id must be a two-letter country code')
    .optional(),
  search: searchText(),
  /** By country (each country's newest version first) or by start. */
  ...sortQuery(['country', 'effective_from'], 'country', 'asc'),
};
export const ZWhatsappRateCardsQuery = ZListWindowQuery({ start: 0, end: 30 }, rateCardFilters);
export const ZWhatsappRateCardsExportQuery = z.object({ format: ZExportFormat, ...rateCardFilters });

/** PRICING's WhatsApp sorts: by country, by the start of the card in force, or by a category's price. */
export const WHATSAPP_PRICING_SORTS = ['country', 'effective_from', ...WHATSAPP_PRICING_CATEGORIES] as const;
export type WhatsappPricingSort = (typeof WHATSAPP_PRICING_SORTS)[number];

/** PRICING's WhatsApp part: each country's rate card in force now (by country unless asked). */
export const ZWhatsappPricingQuery = ZListWindowQuery(
  { start: 0, end: 30 },
  { search: searchText(), ...sortQuery(WHATSAPP_PRICING_SORTS, 'country', 'asc') },
);

// ---- charges not yet settled (issue 25 point 9) ----

/**
 * Messages sent through the API whose charge is reserved but not yet in the ledger (metering settles
 * every minute, decision 0023): what My Wallet shows as pending above its history.
 */
export const ZPendingCharges = z.object({
  currency: z.string(),
  count: z.number().int(),
  amount: z.string(),
  /** The oldest pending message's send time; null when nothing is pending. */
  since: z.string().nullable(),
});
export type TPendingCharges = z.infer<typeof ZPendingCharges>;
