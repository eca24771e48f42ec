import { z } from 'zod';
import { AUDIENCE_FORMATS, AUDIENCE_REFUSAL_REASONS } from '../rules/audiences.ts';
import { zE164 } from '../rules/phone-numbers.ts';
import { ZListResult, ZListWindowQuery } from './envelope.ts';
import { searchText } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';

/**
 * Audiences (issue 27): a partner's uploaded recipient file, checked by a job into kept recipients
 * and refused lines, and the partner's opt-out list.
 */

/** uploaded (waiting for its check) -> checking -> ready, or failed with the reason (nothing kept). */
export const AUDIENCE_STATUSES = ['uploaded', 'checking', 'ready', 'failed'] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];
export const AUDIENCE_STATUS_LABELS: Readonly<Record<AudienceStatus, string>> = {
  uploaded: 'Waiting',
  checking: 'Checking',
  ready: 'Ready',
  failed: 'Failed',
};

export const ZAudienceParams = z.object({ audienceId: z.uuid('is not an audience id') });

const ZRefusalCounts = z.object(
  Object.fromEntries(AUDIENCE_REFUSAL_REASONS.map((r) => [r, z.number().int()])) as Record<
    (typeof AUDIENCE_REFUSAL_REASONS)[number],
    z.ZodNumber
  >,
);

export const ZAudience = z.object({
  audience_id: z.string(),
  name: z.string(),
  file_name: z.string(),
  format: z.enum(AUDIENCE_FORMATS),
  bytes: z.number().int(),
  status: z.enum(AUDIENCE_STATUSES),
  /** Why the whole file was refused (status failed). */
  failure: z.string().nullable(),
  /** Personalised columns kept per recipient (template variables). */
  fields: z.array(z.string()),
  read: z.number().int(),
  kept: z.number().int(),
  refused: z.number().int(),
  refused_by_reason: ZRefusalCounts,
  created_at: z.string(),
  checked_at: z.string().nullable(),
});
export type TAudience = z.output<typeof ZAudience>;
export const ZAudienceList = ZListResult(ZAudience);
export type TAudienceList = z.output<typeof ZAudienceList>;

/** The audiences' order: newest upload first unless a header asks otherwise. */
export const AUDIENCE_SORTS = ['created_at', 'name', 'status', 'kept', 'refused'] as const;
export type AudienceSort = (typeof AUDIENCE_SORTS)[number];
const audienceSort = sortQuery(AUDIENCE_SORTS, 'created_at');

export const ZAudienceListQuery = ZListWindowQuery(undefined, {
  search: searchText(),
  status: z.enum(AUDIENCE_STATUSES, `status must be one of ${AUDIENCE_STATUSES.join(', ')}`).optional(),
  ...audienceSort,
});
export type TAudienceListQuery = z.input<typeof ZAudienceListQuery>;
export const ZAudienceExportQuery = z.object({
  format: ZExportFormat,
  search: searchText(),
  status: z.enum(AUDIENCE_STATUSES).optional(),
  ...audienceSort,
});

/** The upload's query: the audience's display name (the file name when none). */
export const ZAudienceUploadQuery = z.object({
  name: z.string().trim().max(100, 'The name is longer than 100 characters.').optional(),
});

/** The refused-lines file: CSV or Excel. */
export const ZRefusedLinesQuery = z.object({
  format: z.enum(['csv', 'xlsx'], 'format must be csv or xlsx').default('csv'),
});

export const ZAudienceRecipient = z.object({
  line: z.number().int(),
  msisdn: z.string(),
  fields: z.record(z.string(), z.string()),
});
export const ZAudienceRecipientList = ZListResult(ZAudienceRecipient);
export const ZAudienceRecipientsQuery = ZListWindowQuery(undefined, { search: searchText() });

/** The opt-out list: numbers that must never be messaged by this partner. */
export const OPT_OUT_SOURCES = ['stop_keyword', 'network_unsubscribe', 'partner'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];
export const OPT_OUT_SOURCE_LABELS: Readonly<Record<OptOutSource, string>> = {
  stop_keyword: 'STOP message',
  network_unsubscribe: 'Unsubscribed on the network',
  partner: 'Added by you',
};

export const ZOptOut = z.object({
  msisdn: z.string(),
  source: z.enum(OPT_OUT_SOURCES),
  /** The bot the user wrote to, when a message or event put the number here. */
  bot_id: z.string().nullable(),
  bot_name: z.string().nullable(),
  /** The user's text or the network event kind. */
  source_detail: z.string().nullable(),
  opted_out_at: z.string(),
});
export type TOptOut = z.output<typeof ZOptOut>;
export const ZOptOutList = ZListResult(ZOptOut);
/** The opt-out list's order: the latest opt-out first unless a header asks otherwise. */
export const OPT_OUT_SORTS = ['opted_out_at', 'msisdn', 'source', 'bot_name'] as const;
export type OptOutSort = (typeof OPT_OUT_SORTS)[number];
const optOutSort = sortQuery(OPT_OUT_SORTS, 'opted_out_at');

export const ZOptOutListQuery = ZListWindowQuery(undefined, {
  search: searchText(),
  source: z.enum(OPT_OUT_SOURCES, `source must be one of ${OPT_OUT_SOURCES.join(', ')}`).optional(),
  ...optOutSort,
});
export type TOptOutListQuery = z.input<typeof ZOptOutListQuery>;
export const ZOptOutExportQuery = z.object({
  format: ZExportFormat,
  search: searchText(),
  source: z.enum(OPT_OUT_SOURCES).optional(),
  ...optOutSort,
});
export const ZOptOutAddRequest = z.object({
  msisdn: z.string().trim().min(1, 'Enter the mobile number.').max(40, 'The number is too long.'),
});
export const ZOptOutParams = z.object({
  msisdn: zE164(),
});

/** An audience's reach through one RCS bot: its kept recipients split by the network's capability check. */
export const ZAudienceReach = z.object({
  recipients: z.number().int(),
  rcs_capable: z.number().int(),
  not_rcs_capable: z.number().int(),
});
export type TAudienceReach = z.infer<typeof ZAudienceReach>;

/** A stored reach check of an audience through one RCS bot: running (counts growing), ready or failed. */
export const AUDIENCE_REACH_STATUSES = ['running', 'ready', 'failed'] as const;
export type AudienceReachStatus = (typeof AUDIENCE_REACH_STATUSES)[number];

/**
 * The reach of an audience through one of the partner's RCS bots, kept per (audience, bot): a new
 * check replaces the previous one. `recipients` is the audience's kept count when the check started;
 * `rcs_capable` + `not_rcs_capable` grow to it while the check runs.
 */
export const ZAudienceReachCheck = z.object({
  audience_id: z.string(),
  bot_id: z.string(),
  bot_name: z.string(),
  network: z.enum(['rbm', 'maap']),
  status: z.enum(AUDIENCE_REACH_STATUSES),
  recipients: z.number().int(),
  rcs_capable: z.number().int(),
  not_rcs_capable: z.number().int(),
  /** Why the check stopped (status failed), in the network's words. */
  failure: z.string().nullable(),
  started_at: z.string(),
  checked_at: z.string().nullable(),
});
export type TAudienceReachCheck = z.output<typeof ZAudienceReachCheck>;
export const ZAudienceReachList = z.object({ items: z.array(ZAudienceReachCheck) });
export type TAudienceReachList = z.output<typeof ZAudienceReachList>;

/** Starts (or restarts) the reach check of an audience through one of the partner's RCS bots. */
export const ZAudienceReachRequest = z.object({
  bot_id: z.uuid('Choose one of your RCS bots.'),
});
export type TAudienceReachRequest = z.input<typeof ZAudienceReachRequest>;

/** One audience as its details page reads it: the audience and its reach through each RCS bot checked. */
export const ZAudienceDetails = ZAudience.extend({ reach: z.array(ZAudienceReachCheck) });
export type TAudienceDetails = z.output<typeof ZAudienceDetails>;
