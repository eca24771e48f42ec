import { TIME_ZONE_OFFSETS } from '../constants/time-zones.ts';

/**
 * Campaign rules (issue 28) shared by the form and the API: the schedule's instant in its zone, the
 * column-to-variable mapping, the name and fallback limits, and the per-recipient outcomes.
 */

export const CAMPAIGN_NAME_MAX = 100;
/** The SMS fallback's text (one to ten SMS segments). */
export const CAMPAIGN_SMS_TEXT_MAX = 1600;
/** A scheduled time must be at least this far ahead when it is set (the scheduler runs each minute). */
export const CAMPAIGN_SCHEDULE_MIN_LEAD_MS = 60_000;
/** How far ahead a campaign may be scheduled. */
export const CAMPAIGN_SCHEDULE_MAX_AHEAD_DAYS = 180;

export type CampaignTimeZone = (typeof TIME_ZONE_OFFSETS)[number]['offset'];
export const CAMPAIGN_TIME_ZONES = TIME_ZONE_OFFSETS.map((z) => z.offset) as [
  CampaignTimeZone,
  ...CampaignTimeZone[],
];

/** The instant of a date (YYYY-MM-DD) and time (HH:mm) in one of the 12 zones; null when not a real time. */
export function scheduledInstant(date: string, time: string, offset: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  if (!(CAMPAIGN_TIME_ZONES as readonly string[]).includes(offset)) return null;
  const instant = new Date(`${date}T${time}:00${offset}`);
  if (Number.isNaN(instant.getTime())) return null;
  // 2026-02-30 parses as 2 March: the day must come back unchanged in its own zone.
  const local = new Date(instant.getTime() + offsetMinutes(offset) * 60_000).toISOString();
  return local.slice(0, 10) === date ? instant : null;
}

/** '+05:30' -> 330, '-08:00' -> -480. */
export function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Why a scheduled time cannot be used now, or null. */
export function scheduleProblem(instant: Date, now: Date = new Date()): string | null {
  if (instant.getTime() < now.getTime() + CAMPAIGN_SCHEDULE_MIN_LEAD_MS - 30_000)
    return 'The scheduled time is in the past: choose a time at least a minute from now.';
  if (instant.getTime() > now.getTime() + CAMPAIGN_SCHEDULE_MAX_AHEAD_DAYS * 86_400_000)
    return `A campaign can be scheduled at most ${CAMPAIGN_SCHEDULE_MAX_AHEAD_DAYS} days ahead.`;
  return null;
}

/**
 * The template variables the mapping leaves without an audience column, and the mapped columns the
 * audience does not have. Every variable of the template must be mapped to one of the audience's
 * personalised columns.
 */
export function mappingProblems(
  templateVariables: readonly string[],
  mapping: Readonly<Record<string, string>>,
  audienceColumns: readonly string[],
): { missing: string[]; unknownColumns: string[]; unknownVariables: string[] } {
  const missing = templateVariables.filter((v) => !mapping[v]);
  const unknownColumns = Object.values(mapping).filter((c) => !audienceColumns.includes(c));
  const unknownVariables = Object.keys(mapping).filter((v) => !templateVariables.includes(v));
  return { missing, unknownColumns, unknownVariables };
}

/** A recipient's values for the template's variables, from its audience columns through the mapping. */
export function campaignValues(
  mapping: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(mapping).map(([variable, column]) => [variable, fields[column] ?? '']),
  );
}

/** Why a recipient got nothing (or only the SMS fallback): the network's refusals and the platform's. */
export const CAMPAIGN_FAILURE_REASONS = [
  'not_rcs_capable',
  'blocked',
  'opted_out',
  'invalid_number',
  'no_rate',
  'network_error',
  'undelivered',
] as const;
export type CampaignFailureReason = (typeof CAMPAIGN_FAILURE_REASONS)[number];
export const CAMPAIGN_FAILURE_REASON_LABELS: Readonly<Record<CampaignFailureReason, string>> = {
  not_rcs_capable: 'Not RCS-capable',
  blocked: 'Blocked the sender',
  opted_out: 'Opted out',
  invalid_number: 'Invalid number',
  no_rate: 'No rate for the carrier',
  network_error: 'Network refused',
  undelivered: 'Not delivered',
};

/** A recipient's state: queued, then as the network reports it; skipped when not reachable and no fallback. */
export const CAMPAIGN_RECIPIENT_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type CampaignRecipientStatus = (typeof CAMPAIGN_RECIPIENT_STATUSES)[number];
export const CAMPAIGN_RECIPIENT_STATUS_LABELS: Readonly<Record<CampaignRecipientStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** Why a running campaign is paused. */
export const CAMPAIGN_PAUSE_REASONS = ['partner', 'network_outage'] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];
export const CAMPAIGN_PAUSE_REASON_LABELS: Readonly<Record<CampaignPauseReason, string>> = {
  partner: 'Paused by you',
  network_outage: 'The network does not answer: the campaign resumes by itself when it does',
};

/** Seconds left at the current pace (null when nothing is moving). */
export function secondsLeft(remaining: number, perSecond: number): number | null {
  if (remaining <= 0) return 0;
  return perSecond > 0 ? Math.ceil(remaining / perSecond) : null;
}
