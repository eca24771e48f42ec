import { z } from 'zod';
import { ANALYTICS_PRESETS, ANALYTICS_REGIONS } from '../rules/analytics.ts';

/** Who a billing analytics answer is for (issue 29): a partner, a carrier's network, the platform. */
export const ANALYTICS_AUDIENCES = ['developer', 'carrier', 'platform'] as const;
export type AnalyticsAudience = (typeof ANALYTICS_AUDIENCES)[number];

/** The breakdowns of the page; 'partner' for carriers and the platform only. */
export const ANALYTICS_DIMENSIONS = [
  'bot',
  'carrier',
  'country',
  'region',
  'channel',
  'billing_category',
  'message_type',
  'partner',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];
export const ANALYTICS_DIMENSION_LABELS: Readonly<Record<AnalyticsDimension, string>> = {
  bot: 'Bot',
  carrier: 'Carrier',
  country: 'Country',
  region: 'Region',
  channel: 'Channel',
  billing_category: 'Billing category',
  message_type: 'Message type',
  partner: 'Partner',
};
export const ANALYTICS_CHANNELS = ['rcs', 'whatsapp'] as const;

const optionalText = (message: string) => z.string().trim().min(1, message).max(100, message).optional();

/** The page's query, kept in the address: range, zone and drill-down filters. */
export const ZAnalyticsQuery = z.object({
  preset: z.enum(ANALYTICS_PRESETS, 'Choose a date range.').default('30d'),
  from: z.iso.date('Choose a start date as YYYY-MM-DD.').optional(),
  to: z.iso.date('Choose an end date as YYYY-MM-DD.').optional(),
  /** One of the 12 offsets (+05:30); checked by the service, so the answer names the problem. */
  zone: z.string().max(6).default('+00:00'),
  bot_id: z.uuid('Choose a bot.').optional(),
  carrier_id: z.coerce
    .number('Choose a carrier.')
    .int('Choose a carrier.')
    .positive('Choose a carrier.')
    .max(2_147_483_647, 'Choose a carrier.')
    .optional(),
  country_id: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country.')
    .optional(),
  region: z.enum(ANALYTICS_REGIONS, 'Choose India or Rest of World.').optional(),
  channel: z.enum(ANALYTICS_CHANNELS, 'Choose RCS or WhatsApp.').optional(),
  billing_category: optionalText('Choose a billing category.'),
  message_type: optionalText('Choose a message type.'),
  partner_id: z.uuid('Choose a partner.').optional(),
});
export type TAnalyticsQuery = z.input<typeof ZAnalyticsQuery>;
export type TAnalyticsFilters = z.output<typeof ZAnalyticsQuery>;

/** Traffic and money of one day, one breakdown row or a whole period. */
export const ZAnalyticsFigures = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  /** Money of messages charged (micro-units formatted like the wallet's, "12.345000"). */
  amount: z.string(),
});
export type TAnalyticsFigures = z.infer<typeof ZAnalyticsFigures>;

export const ZAnalyticsRow = ZAnalyticsFigures.extend({
  key: z.string(),
  label: z.string(),
});
export type TAnalyticsRow = z.infer<typeof ZAnalyticsRow>;

/** Money of the ledger in the period: the partner's movements, or (carrier, platform) revenue. */
export const ZAnalyticsMoney = z.object({
  /** Charges of messages (wallet debits by metering). */
  spend: z.string(),
  /** Verification fees captured from holds. */
  verification_fees: z.string(),
  top_ups: z.string(),
  /** Revenue: charges of messages plus verification fees (the revenue account's movements). */
  revenue: z.string(),
});
export type TAnalyticsMoney = z.infer<typeof ZAnalyticsMoney>;

export const ZAnalyticsReport = z.object({
  audience: z.enum(ANALYTICS_AUDIENCES),
  currency: z.string(),
  range: z.object({
    preset: z.enum(ANALYTICS_PRESETS),
    from: z.string(),
    to: z.string(),
    days: z.number().int(),
    zone: z.string(),
    previous_from: z.string(),
    previous_to: z.string(),
  }),
  totals: ZAnalyticsFigures,
  previous_totals: ZAnalyticsFigures,
  money: ZAnalyticsMoney,
  previous_money: ZAnalyticsMoney,
  /** The developer's wallet as it stands (null for carriers and the platform). */
  wallet: z.object({ balance: z.string(), held: z.string() }).nullable(),
  series: z.array(ZAnalyticsFigures.extend({ day: z.string() })),
  breakdowns: z.partialRecord(z.enum(ANALYTICS_DIMENSIONS), z.array(ZAnalyticsRow)),
  /** What each active filter names, for the chips (the filter key -> a label). */
  filter_labels: z.record(z.string(), z.string()),
});
export type TAnalyticsReport = z.infer<typeof ZAnalyticsReport>;

/** The export of a view: the query plus the format. */
export const ZAnalyticsExportQuery = ZAnalyticsQuery.extend({
  format: z.enum(['xlsx', 'pdf'], 'Choose Excel or PDF.'),
});

/** The monthly partner statement (PDF): a month of UTC, and for the platform the partner. */
export const ZStatementQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM.'),
  partner_id: z.uuid('Choose a partner.').optional(),
});
export type TStatementQuery = z.infer<typeof ZStatementQuery>;
