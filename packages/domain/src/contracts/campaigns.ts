import { z } from 'zod';
import { CAMPAIGN_MACHINE, CAMPAIGN_STATUSES, type CampaignStatus } from '../review/campaign.ts';
import {
  CAMPAIGN_FAILURE_REASONS,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_PAUSE_REASONS,
  CAMPAIGN_RECIPIENT_STATUSES,
  CAMPAIGN_SMS_TEXT_MAX,
  CAMPAIGN_TIME_ZONES,
  type CampaignFailureReason,
  scheduledInstant,
  scheduleProblem,
} from '../rules/campaigns.ts';
import { ZListResult, ZListWindowQuery } from './envelope.ts';
import { searchText, text } from './fields.ts';
import { refineDateRange, sortQuery, ZExportFormat, ZIsoDate } from './list-filters.ts';
import { ZReviewHistory } from './review.ts';
import { ZTemplateChannel } from './templates.ts';

/**
 * Campaigns (issue 28): one approved template of a bot sent to an audience, now or at a time in one
 * of the 12 zones, paid through a wallet hold, dispatched in batches, watched live.
 * Money amounts are decimal strings of the wallet's currency (micro-units, as the wallet's contracts).
 */

/** Every campaign call, under /api/v1 (the web client's base). */
export const CAMPAIGN_PATHS = {
  list: '/secure/campaigns',
  export: '/secure/campaigns/export',
  /** The estimate of a form not yet saved (POST, body ZCampaignEstimateRequest). */
  estimate: '/secure/campaigns/estimate',
  /**
   * POST multipart (file, channel): a campaign's own media for a template that takes media (an RCS
   * card's, a WhatsApp IMAGE/VIDEO/DOCUMENT header's), checked as template media is; answers
   * ZCampaignMediaUpload, whose key the form saves as media_key.
   */
  media: '/secure/campaigns/media',
  details: (id: string) => `/secure/campaigns/${id}`,
  /** The estimate of a saved campaign against today's rates and balance. */
  detailsEstimate: (id: string) => `/secure/campaigns/${id}/estimate`,
  /** POST: start now or schedule (by its saved schedule), taking the hold. */
  start: (id: string) => `/secure/campaigns/${id}/start`,
  unschedule: (id: string) => `/secure/campaigns/${id}/unschedule`,
  pause: (id: string) => `/secure/campaigns/${id}/pause`,
  resume: (id: string) => `/secure/campaigns/${id}/resume`,
  cancel: (id: string) => `/secure/campaigns/${id}/cancel`,
  history: (id: string) => `/secure/campaigns/${id}/history`,
  /**
   * text/event-stream of ZCampaignLive (an `event: counts` each time they change, receipts included);
   * it ends with an `event: end` ({ reason }) when the campaign's counts stop moving (its receipts
   * window after its end, CAMPAIGN_RECEIPTS_WINDOW_MS), its token expires or is refused.
   */
  events: (id: string) => `/secure/campaigns/${id}/events`,
  /** The details as a one-page PDF summary or Excel: ?format=pdf|xlsx. */
  detailsExport: (id: string) => `/secure/campaigns/${id}/export`,
  /** The per-recipient report, streamed: ?format=csv|xlsx. */
  recipientsReport: (id: string) => `/secure/campaigns/${id}/recipients/export`,
  recipients: (id: string) => `/secure/campaigns/${id}/recipients`,
  adminList: '/secure/admin/campaigns',
  adminExport: '/secure/admin/campaigns/export',
  /** The partners and bots that have campaigns (the platform list's filter options). */
  adminFacets: '/secure/admin/campaigns/facets',
  adminDetails: (id: string) => `/secure/admin/campaigns/${id}`,
  adminEvents: (id: string) => `/secure/admin/campaigns/${id}/events`,
  adminDetailsExport: (id: string) => `/secure/admin/campaigns/${id}/export`,
  adminHistory: (id: string) => `/secure/admin/campaigns/${id}/history`,
  adminRecipientsReport: (id: string) => `/secure/admin/campaigns/${id}/recipients/export`,
  adminStop: (id: string) => `/secure/admin/campaigns/${id}/stop`,
} as const;

export const ZCampaignStatus = z.enum(
  CAMPAIGN_STATUSES,
  `status must be one of ${CAMPAIGN_STATUSES.join(', ')}`,
);
export const ZCampaignParams = z.object({ campaignId: z.uuid('is not a campaign id') });

/* ------------------------------------------------------------------ Create and update */

export const ZCampaignFallback = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('skip') }),
    z.object({
      kind: z.literal('sms'),
      text: text()
        .trim()
        .min(1, 'Write the SMS text sent to recipients RCS cannot reach.')
        .max(CAMPAIGN_SMS_TEXT_MAX, `The SMS text is at most ${CAMPAIGN_SMS_TEXT_MAX} characters.`),
    }),
  ],
  'fallback must be skip or sms',
);
export type TCampaignFallback = z.output<typeof ZCampaignFallback>;

const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm');
export const ZCampaignTimeZone = z.enum(CAMPAIGN_TIME_ZONES, 'time_zone must be one of the 12 offsets');

/** When: now (when started), or a date and time in one of the 12 zones (at least a minute ahead). */
export const ZCampaignSchedule = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('now') }),
    z
      .object({ kind: z.literal('at'), date: ZIsoDate, time: ZTimeOfDay, time_zone: ZCampaignTimeZone })
      .superRefine((s, ctx) => {
        const instant = scheduledInstant(s.date, s.time, s.time_zone);
        if (!instant) {
          ctx.addIssue({ code: 'custom', path: ['date'], message: 'Choose a real date and time.' });
          return;
        }
        const problem = scheduleProblem(instant);
        if (problem) ctx.addIssue({ code: 'custom', path: ['time'], message: problem });
      }),
  ],
  'schedule must be now or at a date and time',
);
export type TCampaignSchedule = z.output<typeof ZCampaignSchedule>;

/** Where a campaign's own media is stored (public: the networks fetch it). */
export const CAMPAIGN_MEDIA_PREFIX = 'public/campaign-media/';
const CAMPAIGN_MEDIA_KINDS = {
  png: 'image',
  jpg: 'image',
  gif: 'image',
  mp4: 'video',
  '3gp': 'video',
  webm: 'video',
  pdf: 'document',
} as const;
export type CampaignMediaKind = (typeof CAMPAIGN_MEDIA_KINDS)[keyof typeof CAMPAIGN_MEDIA_KINDS];
/** The storage key the media upload answered (the server chose it; its extension tells the kind). */
export const ZCampaignMediaKey = z
  .string()
  .regex(
    /^public\/campaign-media\/[0-9a-f-]{36}\.(png|jpg|gif|mp4|3gp|webm|pdf)$/,
    'is not a media file uploaded for a campaign',
  );
/** The kind of an uploaded campaign media file, by its key's extension (null: not such a key). */
export function campaignMediaKind(key: string): CampaignMediaKind | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return ZCampaignMediaKey.safeParse(key).success
    ? CAMPAIGN_MEDIA_KINDS[extension as keyof typeof CAMPAIGN_MEDIA_KINDS]
    : null;
}
/** POST /secure/campaigns/media: what was stored. */
export const ZCampaignMediaUpload = z.object({
  key: z.string(),
  url: z.string(),
  kind: z.enum(['image', 'video', 'document']),
  content_type: z.string(),
  bytes: z.number().int(),
});
export type TCampaignMediaUpload = z.output<typeof ZCampaignMediaUpload>;

/** POST /secure/campaigns: a pending campaign (a draft; nothing held until it is started). */
export const ZCampaignCreateRequest = z.object({
  name: text()
    .trim()
    .min(1, 'Enter the campaign name.')
    .max(CAMPAIGN_NAME_MAX, `The name is at most ${CAMPAIGN_NAME_MAX} characters.`),
  bot_id: z.uuid('Choose a bot.'),
  template_id: z.uuid('Choose a template.'),
  audience_id: z.uuid('Choose an audience.'),
  /** Template variable -> the audience's personalised column that fills it. */
  variables: z
    .record(
      text().trim().min(1).max(100),
      text().trim().min(1, 'Choose a column for each variable.').max(100),
    )
    .default({}),
  fallback: ZCampaignFallback.default({ kind: 'skip' }),
  schedule: ZCampaignSchedule.default({ kind: 'now' }),
  /**
   * This campaign's own media (the key POST /secure/campaigns/media answered), sent instead of the
   * template's for a template that takes media; null: the template's own.
   */
  media_key: ZCampaignMediaKey.nullable().default(null),
});
export type TCampaignCreateRequest = z.input<typeof ZCampaignCreateRequest>;
export type TCampaignCreate = z.output<typeof ZCampaignCreateRequest>;

/** PATCH /secure/campaigns/:campaignId: a pending campaign's fields (only those given change). */
export const ZCampaignUpdateRequest = z
  .object({
    name: ZCampaignCreateRequest.shape.name,
    bot_id: ZCampaignCreateRequest.shape.bot_id,
    template_id: ZCampaignCreateRequest.shape.template_id,
    audience_id: ZCampaignCreateRequest.shape.audience_id,
    variables: z.record(text().trim().min(1).max(100), text().trim().min(1).max(100)),
    fallback: ZCampaignFallback,
    schedule: ZCampaignSchedule,
    media_key: ZCampaignMediaKey.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type TCampaignUpdateRequest = z.input<typeof ZCampaignUpdateRequest>;

/** POST /secure/campaigns/estimate: the cost of a form before it is saved. */
export const ZCampaignEstimateRequest = z.object({
  bot_id: ZCampaignCreateRequest.shape.bot_id,
  template_id: ZCampaignCreateRequest.shape.template_id,
  audience_id: ZCampaignCreateRequest.shape.audience_id,
  fallback: ZCampaignFallback.default({ kind: 'skip' }),
});

/** POST /secure/admin/campaigns/:campaignId/stop and the partner's cancel (reason optional there). */
export const ZCampaignStopRequest = z.object({
  reason: text().trim().min(1, 'Say why the campaign is stopped: the partner sees it.').max(1000),
});
export const ZCampaignCancelRequest = z.object({ reason: text().trim().max(1000).optional() });

/* ------------------------------------------------------------------ Cost */

export const ZCampaignEstimateLine = z.object({
  carrier_id: z.number().int().nullable(),
  carrier_name: z.string(),
  country: z.string().nullable(),
  /** rcs | whatsapp | sms (the SMS fallback of recipients RCS cannot reach). */
  channel: z.enum(['rcs', 'whatsapp', 'sms']),
  /** The rate plan's message type (RCS) or pricing category (WhatsApp). */
  message_type: z.string(),
  recipients: z.number().int(),
  /** One message's price; null when no rate plan prices it (those recipients are not sent). */
  unit_price: z.string().nullable(),
  amount: z.string(),
});
export const ZCampaignEstimate = z.object({
  currency: z.string(),
  recipients: z.number().int(),
  /** Recipients no rate prices (they are refused with reason no_rate). */
  unpriced: z.number().int(),
  lines: z.array(ZCampaignEstimateLine),
  total: z.string(),
  /** The wallet's spendable balance now. */
  balance: z.string(),
  /** What starting the campaign holds (the total), or what it holds now once started. */
  hold: z.string(),
  /** The balance covers the hold (starting is refused otherwise). */
  sufficient: z.boolean(),
});
export type TCampaignEstimate = z.output<typeof ZCampaignEstimate>;

/* ------------------------------------------------------------------ Counts */

const ZFailedByReason = z.object(
  Object.fromEntries(CAMPAIGN_FAILURE_REASONS.map((r) => [r, z.number().int()])) as Record<
    CampaignFailureReason,
    z.ZodNumber
  >,
);
export const ZCampaignCounts = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  failed_by_reason: ZFailedByReason,
  /** Not reachable and no fallback chosen. */
  skipped: z.number().int(),
  /** Sent as SMS (the fallback). */
  fallback_sms: z.number().int(),
  replied: z.number().int(),
  /** Suggestion taps. */
  clicked: z.number().int(),
});
export type TCampaignCounts = z.output<typeof ZCampaignCounts>;

/** One server-sent `counts` event, and the details' live part. */
export const ZCampaignLive = z.object({
  campaign_id: z.string(),
  status: ZCampaignStatus,
  paused: z.boolean(),
  pause_reason: z.enum(CAMPAIGN_PAUSE_REASONS).nullable(),
  counts: ZCampaignCounts,
  /** Messages per second over the last minute. */
  pace: z.number(),
  /** At the current pace; null when nothing moves. */
  seconds_left: z.number().int().nullable(),
  held: z.string(),
  charged: z.string(),
  released: z.string(),
  /** When it ended (ISO); its receipts keep moving its counts for CAMPAIGN_RECEIPTS_WINDOW_MS after. */
  ended_at: z.string().nullable(),
});
export type TCampaignLive = z.output<typeof ZCampaignLive>;

/* ------------------------------------------------------------------ Lists and details */

export const ZCampaignListItem = z.object({
  campaign_id: z.string(),
  name: z.string(),
  status: ZCampaignStatus,
  paused: z.boolean(),
  channel: ZTemplateChannel,
  partner_id: z.string(),
  partner_name: z.string(),
  /** Who created it (an aggregator sees its child users' campaigns). */
  created_by_email: z.string().nullable(),
  bot_id: z.string(),
  bot_name: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  audience_id: z.string(),
  audience_name: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** The instant it is scheduled for (ISO), and the zone it was scheduled in (shown in it). */
  scheduled_at: z.string().nullable(),
  time_zone: ZCampaignTimeZone,
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  estimate_total: z.string(),
  charged: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCampaignListItem = z.output<typeof ZCampaignListItem>;
export const ZCampaignList = ZListResult(ZCampaignListItem);
export type TCampaignList = z.output<typeof ZCampaignList>;

const CAMPAIGN_SORTS = ['created_at', 'name', 'status', 'scheduled_at', 'recipients'] as const;
const campaignFilters = {
  search: searchText(),
  status: ZCampaignStatus.optional(),
  channel: ZTemplateChannel.optional(),
  bot_id: z.uuid('is not a bot id').optional(),
  /** Created from / to (inclusive UTC days). */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
};
const adminFilters = { ...campaignFilters, partner_id: z.uuid('is not a partner id').optional() };

export const ZCampaignListQuery = refineDateRange(
  ZListWindowQuery(undefined, { ...sortQuery(CAMPAIGN_SORTS, 'created_at'), ...campaignFilters }),
);
export type TCampaignListQuery = z.input<typeof ZCampaignListQuery>;
export const ZCampaignExportQuery = refineDateRange(
  z.object({ format: ZExportFormat, ...sortQuery(CAMPAIGN_SORTS, 'created_at'), ...campaignFilters }),
);
export const ZAdminCampaignListQuery = refineDateRange(
  ZListWindowQuery(undefined, { ...sortQuery(CAMPAIGN_SORTS, 'created_at'), ...adminFilters }),
);
export type TAdminCampaignListQuery = z.input<typeof ZAdminCampaignListQuery>;
export const ZAdminCampaignExportQuery = refineDateRange(
  z.object({ format: ZExportFormat, ...sortQuery(CAMPAIGN_SORTS, 'created_at'), ...adminFilters }),
);
/** The platform list's filter options: the partners and the bots that have campaigns, by name. */
export const ZCampaignFacets = z.object({
  partners: z.array(z.object({ partner_id: z.string(), name: z.string() })),
  bots: z.array(z.object({ bot_id: z.string(), name: z.string(), partner_id: z.string() })),
});
export type TCampaignFacets = z.output<typeof ZCampaignFacets>;

/** The details' export: the one-page summary as PDF, or Excel. */
export const ZCampaignDetailsExportQuery = z.object({ format: ZExportFormat });
/** The per-recipient report, streamed. */
export const ZCampaignRecipientsExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], 'format must be csv or xlsx').default('csv'),
});

export const ZCampaignDetails = ZCampaignListItem.extend({
  variables: z.record(z.string(), z.string()),
  fallback: ZCampaignFallback,
  /** The schedule as it was entered (its date and time in its zone). */
  schedule: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('now') }),
    z.object({ kind: z.literal('at'), date: z.string(), time: z.string(), time_zone: ZCampaignTimeZone }),
  ]),
  live: ZCampaignLive,
  /** Why it failed, or why a platform admin stopped it (the partner sees it). */
  end_reason: z.string().nullable(),
  /** This campaign's own media (instead of the template's); null: the template's own, if any. */
  media: z
    .object({ key: z.string(), url: z.string(), kind: z.enum(['image', 'video', 'document']) })
    .nullable(),
  /**
   * Its bot is not launched: it sends only to the audience's recipients that are the bot's test
   * devices (as it was when started; before that, as the bot is now).
   */
  test_devices_only: z.boolean(),
  /** What the caller may do now (machine actions, the system's left out). */
  allowed_actions: z.array(z.string()),
});
export type TCampaignDetails = z.output<typeof ZCampaignDetails>;

export const ZCampaignRecipient = z.object({
  msisdn: z.string(),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES),
  reason: z.enum(CAMPAIGN_FAILURE_REASONS).nullable(),
  channel: z.enum(['rcs', 'whatsapp', 'sms']).nullable(),
  carrier_name: z.string().nullable(),
  price: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
});
export type TCampaignRecipient = z.output<typeof ZCampaignRecipient>;
export const ZCampaignRecipientList = ZListResult(ZCampaignRecipient);
export const ZCampaignRecipientsQuery = ZListWindowQuery(undefined, {
  search: searchText(),
  status: z.enum(CAMPAIGN_RECIPIENT_STATUSES).optional(),
});

export const ZCampaignHistoryQuery = ZListWindowQuery({ start: 0, end: 50 }, {});
export const ZCampaignHistory = ZReviewHistory;

/** The label of a status code (the screens show labels, the API keeps codes). */
export function campaignStatusLabel(status: CampaignStatus): string {
  return CAMPAIGN_MACHINE.states[status].label;
}
