import { z } from 'zod';

/** What a metered message's money is (decision 0023). */
export const METERED_STATUSES = ['reserved', 'sent', 'released', 'charged'] as const;
export type MeteredStatus = (typeof METERED_STATUSES)[number];

/**
 * The status of usage rows that stand for messages sent whose charge is not yet settled (metering
 * settles every minute): reported with the day's usage, never stored in usage_daily.
 */
export const PENDING_USAGE_STATUS = 'pending';

/** Kinds of usage rows: messages sent through the API, events received from the networks. */
export const USAGE_KINDS = ['message', 'event'] as const;

/** One row of daily usage (per partner, bot, carrier, country, kind and status), as billing reads it. */
export const ZUsageDay = z.object({
  day: z.string(),
  bot_id: z.uuid(),
  carrier_id: z.number().int().nullable(),
  country_id: z.string().nullable(),
  kind: z.enum(USAGE_KINDS),
  status: z.string(),
  count: z.number().int(),
  /** Money charged, formatted like the wallet's amounts ("12.345000"). */
  amount: z.string(),
});
export type TUsageDay = z.infer<typeof ZUsageDay>;

/** The usage query: a window of days (inclusive, YYYY-MM-DD), optionally one bot. */
export const ZUsageQuery = z.object({
  from: z.iso.date('Choose a start date.'),
  to: z.iso.date('Choose an end date.'),
  bot_id: z.uuid('Choose a bot.').optional(),
});
export type TUsageQuery = z.infer<typeof ZUsageQuery>;
