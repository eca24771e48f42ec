import { TIME_ZONE_OFFSETS } from '../constants/time-zones.ts';

/** Billing analytics' date ranges (issue 29): presets, or a custom range of at most 366 days. */
export const ANALYTICS_PRESETS = ['7d', '30d', '90d', 'this_month', 'last_month', 'custom'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];
export const ANALYTICS_PRESET_LABELS: Readonly<Record<AnalyticsPreset, string>> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom range',
};
export const ANALYTICS_MAX_DAYS = 366;

/**
 * Rollups are kept per 30 minutes of UTC (decision 0047): every one of the 12 offsets is a whole
 * number of half hours, so a bucket never straddles a local midnight.
 */
export const ROLLUP_BUCKET_MINUTES = 30;

/** The spec's regions: a country is India or Rest of World. */
export const ANALYTICS_REGIONS = ['India', 'Rest of World'] as const;
export type AnalyticsRegion = (typeof ANALYTICS_REGIONS)[number];

/** Minutes east of UTC of one of the 12 offsets, or undefined for any other text. */
export function zoneMinutes(offset: string): number | undefined {
  if (!TIME_ZONE_OFFSETS.some((z) => z.offset === offset)) return undefined;
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  return sign * ((hours ?? 0) * 60 + (minutes ?? 0));
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The local calendar day of an instant in a zone (minutes east of UTC). */
export function localDay(at: Date, zoneMinutesEast: number): string {
  return isoDay(at.getTime() + zoneMinutesEast * 60_000);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

export function addDays(day: string, days: number): string {
  return isoDay(dayMs(day) + days * DAY_MS);
}

/** Every day of a range, in order. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface AnalyticsRange {
  from: string;
  to: string;
  days: number;
  /** The same number of days just before (this and last month: the month before). */
  previousFrom: string;
  previousTo: string;
}

export type RangeResult = { ok: true; range: AnalyticsRange } | { ok: false; message: string };

/**
 * The local days a preset or a custom range covers, in the zone, with the period before it. A
 * preset of N days ends today (local) and includes it.
 */
export function resolveAnalyticsRange(
  input: { preset: AnalyticsPreset; from?: string | undefined; to?: string | undefined },
  now: Date,
  zoneMinutesEast: number,
): RangeResult {
  const today = localDay(now, zoneMinutesEast);
  const monthStart = `${today.slice(0, 7)}-01`;
  const withPrevious = (from: string, to: string): AnalyticsRange => {
    const days = daysBetween(from, to);
    return { from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
  };
  switch (input.preset) {
    case '7d':
    case '30d':
    case '90d': {
      const n = Number.parseInt(input.preset, 10);
      return { ok: true, range: withPrevious(addDays(today, -(n - 1)), today) };
    }
    case 'this_month': {
      const previousFrom = `${addDays(monthStart, -1).slice(0, 7)}-01`;
      const days = daysBetween(monthStart, today);
      const sameDays = addDays(previousFrom, days - 1);
      const monthBeforeEnd = addDays(monthStart, -1);
      return {
        ok: true,
        range: {
          from: monthStart,
          to: today,
          days,
          previousFrom,
          previousTo: sameDays < monthBeforeEnd ? sameDays : monthBeforeEnd,
        },
      };
    }
    case 'last_month': {
      const to = addDays(monthStart, -1);
      const from = `${to.slice(0, 7)}-01`;
      const previousTo = addDays(from, -1);
      return {
        ok: true,
        range: {
          from,
          to,
          days: daysBetween(from, to),
          previousFrom: `${previousTo.slice(0, 7)}-01`,
          previousTo,
        },
      };
    }
    case 'custom': {
      if (!input.from || !input.to) return { ok: false, message: 'Choose a start and an end date.' };
      if (input.from > input.to) return { ok: false, message: 'The start date is after the end date.' };
      if (daysBetween(input.from, input.to) > ANALYTICS_MAX_DAYS) {
        return { ok: false, message: `Choose a range of at most ${ANALYTICS_MAX_DAYS} days.` };
      }
      return { ok: true, range: withPrevious(input.from, input.to) };
    }
  }
}

/** Change against the period before, in percent (null when there was nothing before). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The spec's chart palette: 7 pastel colours, used in order for series and bars. */
export const CHART_PALETTE = [
  '#8fb8de',
  '#f4b6c2',
  '#b5e3c4',
  '#f9d89c',
  '#c8b6e2',
  '#a8e0e0',
  '#f6c1a0',
] as const;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A statement's month (YYYY-MM) in words: "November 2026". */
export function monthName(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year}`;
}
