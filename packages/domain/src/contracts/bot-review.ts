import { z } from 'zod';
import { BOT_CARRIER_ACTIONS, BOT_PLATFORM_ACTIONS } from '../review/bot.ts';
import { BOT_CHANNELS, ZBotChannel, ZBotStatus } from './bots.ts';
import { ZListWindowQuery, ZTabbedListResult } from './envelope.ts';
import { rowId, searchText } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

/**
 * The review of launches (issue 14): the platform's lists at /admin/bots with their tabs and queues,
 * a carrier's lists at /billing/my-bots (its own network only), the decisions, and the reviewers'
 * dashboards (/admin/dashboard, /billing/my-billing). The details of one launch are the launch
 * summary (ZLaunchSummary in launches.ts), scoped to the carrier for carrier users.
 */

/**
 * The tabs of the review lists. submitted (6), forwarded (30 for the platform; 39 for a carrier),
 * approved (31 / 42 / launched for the platform; the carrier's own approvals), rejected (32), and the
 * platform's three queues: verification (submitted and paid, awaiting the platform), listing (store
 * listing requests), creation (drafts still being created).
 */
export const BOT_REVIEW_TABS = [
  'submitted',
  'forwarded',
  'approved',
  'rejected',
  'verification',
  'listing',
  'creation',
  'all',
] as const;
export type BotReviewTab = (typeof BOT_REVIEW_TABS)[number];
/** The tabs a carrier sees (the queues are the platform's). */
export const BOT_CARRIER_REVIEW_TABS = [
  'submitted',
  'forwarded',
  'approved',
  'rejected',
  'all',
] as const satisfies readonly BotReviewTab[];

const botReviewFilters = {
  tab: z.enum(BOT_REVIEW_TABS, `tab must be one of ${BOT_REVIEW_TABS.join(', ')}`).default('submitted'),
  search: searchText(),
  /** rcs or whatsapp, as the bots list filters (the list item's channels are channel_type codes). */
  channel: z.enum(BOT_CHANNELS, 'channel must be rcs or whatsapp').optional(),
  /** Only launches that include this carrier (admins); carriers always see only their own. */
  carrier_id: z.coerce.number().pipe(rowId()).optional(),
  ...sortQuery(['submitted_at', 'updated_at', 'name', 'partner_name'], 'submitted_at', 'asc'),
};
export const ZBotReviewQuery = ZListWindowQuery({ start: 0, end: 10 }, botReviewFilters);
export type TBotReviewQuery = z.output<typeof ZBotReviewQuery>;
export const ZBotReviewExportQuery = z.object({ format: ZExportFormat, ...botReviewFilters });
export type TBotReviewExportQuery = z.output<typeof ZBotReviewExportQuery>;
export type TBotReviewFilters = Omit<TBotReviewExportQuery, 'format'>;

/** One carrier of a launch as a review list shows it. */
export const ZBotReviewCarrier = z.object({
  carrier_id: z.number().int(),
  name: z.string(),
  status: ZBotStatus,
});

export const ZBotReviewListItem = z.object({
  bot_id: z.string(),
  name: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  brand_name: z.string().nullable(),
  channels: z.array(ZBotChannel),
  /** The bot as a whole (BOT_MACHINE). */
  status: ZBotStatus,
  /** For carrier users: their own network's state of it (BOT_CARRIER_MACHINE), else null. */
  carrier_status: ZBotStatus.nullable(),
  /** The carriers of the launch (carrier users: only their own). */
  carriers: z.array(ZBotReviewCarrier),
  /** Whether the last pre-flight passed (null when never checked). */
  preflight_ok: z.boolean().nullable(),
  submitted_at: z.string().nullable(),
  updated_at: z.string(),
  /** Seconds it has waited for the caller's decision (null when it does not wait for the caller). */
  waiting_seconds: z.number().int().nullable(),
});
export type TBotReviewListItem = z.output<typeof ZBotReviewListItem>;
/** The platform's list: one window, with how many launches each of its tabs holds under the same filters. */
export const ZBotReviewList = ZTabbedListResult(ZBotReviewListItem, BOT_REVIEW_TABS);
export type TBotReviewList = z.output<typeof ZBotReviewList>;
/** A carrier's list: the same, counted on its own tabs (its own network only). */
export const ZCarrierBotReviewList = ZTabbedListResult(ZBotReviewListItem, BOT_CARRIER_REVIEW_TABS);
export type TCarrierBotReviewList = z.output<typeof ZCarrierBotReviewList>;
/** How many launches each tab holds (a carrier's answer has only its own tabs). */
export type TBotReviewTabCounts = Partial<Record<BotReviewTab, number>>;

export const ZBotReviewParams = z.object({ botId: z.uuid('is not a bot id') });
export const ZBotPlatformDecisionParams = ZBotReviewParams.extend({
  action: z.enum(BOT_PLATFORM_ACTIONS, `action must be ${BOT_PLATFORM_ACTIONS.join(', ')}`),
});
export const ZBotCarrierDecisionParams = ZBotReviewParams.extend({
  action: z.enum(BOT_CARRIER_ACTIONS, `action must be ${BOT_CARRIER_ACTIONS.join(' or ')}`),
});
/** A platform admin retries a failed launch on one carrier's network. */
export const ZBotLaunchRetryParams = ZBotReviewParams.extend({ carrierId: z.coerce.number().pipe(rowId()) });

/** The subjects a reviewer's dashboard counts. */
export const REVIEW_DASHBOARD_SUBJECTS = ['bots', 'brands', 'aggregators'] as const;
export type ReviewDashboardSubject = (typeof REVIEW_DASHBOARD_SUBJECTS)[number];

/** One summary card: how many wait for the caller, were approved, were rejected; the oldest waiting. */
export const ZReviewDashboardCard = z.object({
  subject: z.enum(REVIEW_DASHBOARD_SUBJECTS),
  waiting: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  /** The oldest item waiting for the caller's decision, null when nothing waits. */
  oldest_waiting: z
    .object({ id: z.string(), name: z.string(), since: z.string(), waiting_seconds: z.number().int() })
    .nullable(),
});
export type TReviewDashboardCard = z.output<typeof ZReviewDashboardCard>;

/** Request counts and summary cards ("admin and carrier request counts and summary cards"). */
export const ZReviewDashboard = z.object({
  cards: z.array(ZReviewDashboardCard),
  /** Requests received per day over the last 30 days (bots submitted, brands, aggregators). */
  requests: z.array(
    z.object({
      day: z.string(),
      bots: z.number().int(),
      brands: z.number().int(),
      aggregators: z.number().int(),
    }),
  ),
  generated_at: z.string(),
});
export type TReviewDashboard = z.output<typeof ZReviewDashboard>;
/** The reviewer's dashboard as Excel (xlsx) or PDF: its cards and its requests per day. */
export const ZReviewDashboardExportQuery = z.object({ format: ZExportFormat });
