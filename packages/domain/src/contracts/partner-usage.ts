import { z } from 'zod';
import { refineDateRange, ZExportFormat, ZIsoDate } from './list-filters.ts';

/**
 * A bot's usage of the partner API on the API page (issue 16, point 5): the daily usage rows that
 * metering keeps, counted per day and per carrier, with the money charged. Money is a decimal
 * string of the wallet's currency, like the wallet's amounts ("12.345000").
 */

/** The window the page shows unless told: the last 30 days, today included. */
export const PARTNER_USAGE_DEFAULT_DAYS = 30;
/** The longest window one call reads. */
export const PARTNER_USAGE_MAX_DAYS = 366;

const usageFilters = {
  bot_id: z.uuid('Choose a bot.'),
  /** Inclusive calendar dates (UTC); unset: the last PARTNER_USAGE_DEFAULT_DAYS days. */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
};
export const ZPartnerUsageQuery = refineDateRange(z.object(usageFilters));
export type TPartnerUsageQuery = z.output<typeof ZPartnerUsageQuery>;
export const ZPartnerUsageExportQuery = refineDateRange(z.object({ format: ZExportFormat, ...usageFilters }));

/**
 * The counts of a day, a carrier or the whole window: messages sent (and charged) and failed, the
 * networks' delivered and read receipts, every other event (user messages, taps, ...), the money.
 */
export const ZUsageCounts = z.object({
  sent: z.number().int(),
  /** Messages sent whose charge is pending (settled within about a minute); not in `sent` yet. */
  pending: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  events: z.number().int(),
  charged: z.string(),
  /** The pending messages' money: charged to the wallet when they settle. */
  pending_amount: z.string(),
});
export type TUsageCounts = z.output<typeof ZUsageCounts>;

export const ZPartnerUsage = z.object({
  bot_id: z.uuid(),
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Days with any usage, oldest first. */
  days: z.array(ZUsageCounts.extend({ day: z.string() })),
  /** Carriers with any usage, the most messages first; null: the recipient's carrier is unknown. */
  carriers: z.array(
    ZUsageCounts.extend({
      carrier_id: z.number().int().nullable(),
      carrier_name: z.string().nullable(),
      country_id: z.string().nullable(),
    }),
  ),
  totals: ZUsageCounts,
});
export type TPartnerUsage = z.output<typeof ZPartnerUsage>;

/** The names usage_daily counts network events under (kind 'event'): receipts, then a user's events. */
export const USAGE_EVENT = {
  delivered: 'DELIVERED',
  read: 'READ',
  failed: 'FAILED',
  userMessage: 'USER_MESSAGE',
  suggestionResponse: 'SUGGESTION_RESPONSE',
  unsubscribe: 'UNSUBSCRIBE',
} as const;

/**
 * The usage name of a network event, or null when usage does not count it: a 'sent' receipt (the
 * message is counted sent by its charge already) and events of no known kind.
 */
export function usageEventName(event: { kind: string; status?: string | null | undefined }): string | null {
  if (event.kind === 'status') {
    if (event.status === 'delivered') return USAGE_EVENT.delivered;
    if (event.status === 'read') return USAGE_EVENT.read;
    if (event.status === 'failed') return USAGE_EVENT.failed;
    return null;
  }
  if (event.kind === 'user_message') return USAGE_EVENT.userMessage;
  if (event.kind === 'suggestion_response') return USAGE_EVENT.suggestionResponse;
  if (event.kind === 'unsubscribe') return USAGE_EVENT.unsubscribe;
  return null;
}
