import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * Display formats of spec section 9, shared by the web app and the API's exports.
 *
 * Time zones: an instant (a Date, epoch milliseconds, or an ISO string with a
 * time) is shown in the viewer's local time zone, unless a UTC offset such as '+05:30' (the values of
 * TIME_ZONE_OFFSETS) is passed, e.g. the zone a campaign was scheduled in, or '+00:00' on the server.
 * An ISO date-time without 'Z' or an offset is taken as UTC, because the API stores and sends UTC.
 * A date-only string ('2025-03-05') is a calendar date and is never shifted between zones.
 */

export type DateInput = Date | string | number | null | undefined;

const DATE_TIME_FORMAT = 'DD/MM/YYYY | hh:mm A';
const DATE_FORMAT = 'D MMM YYYY';

/** Money arrives as a decimal string (never a float in the API) or a number. */
const DECIMAL_STRING = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // No '-$0.00' for negative zero or amounts that round to zero.
  signDisplay: 'negative',
});

/**
 * USD, en-US, exactly 2 decimals ('$1,234.50'); '' when the value is missing or not a number.
 * Decimal strings are formatted as decimals (Intl.NumberFormat v3), so '0.005' rounds half up to
 * '$0.01' and large amounts keep every digit; hex, exponent and 'Infinity' strings are refused.
 */
export function formatCurrency(value: number | string | null | undefined): string {
  try {
    if (typeof value === 'number') return Number.isFinite(value) ? usd.format(value) : '';
    if (typeof value !== 'string') return '';
    const trimmed = value.trim();
    if (!DECIMAL_STRING.test(trimmed)) return '';
    return usd.format(trimmed as Intl.StringNumericLiteral);
  } catch {
    return '';
  }
}

const UTC_OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** Minutes east of UTC for an offset like '+05:30', '-0800' or 'Z'; null when it is not one. */
export function utcOffsetMinutes(offset: string): number | null {
  const trimmed = offset.trim();
  if (trimmed === 'Z' || trimmed === 'z') return 0;
  const match = UTC_OFFSET.exec(trimmed);
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 14 || minutes > 59) return null;
  const total = hours * 60 + minutes;
  return match[1] === '-' && total !== 0 ? -total : total;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;

interface ParsedDate {
  /** Epoch milliseconds of the instant (of UTC midnight for a calendar date). */
  ms: number;
  /** A date without a time: shown as written, never shifted between zones. */
  calendarDate: boolean;
}

function utcMs(year: number, month: number, day: number, h = 0, m = 0, s = 0, ms = 0): number | null {
  const date = new Date(0);
  // setUTCFullYear keeps years 0-99 as written (Date.UTC would map them to 19xx).
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(h, m, s, ms);
  const sameFields =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === m &&
    date.getUTCSeconds() === s;
  return sameFields ? date.getTime() : null;
}

/** Strict parsing: V8's Date parser accepts almost anything ('foo 1' is a date), so strings must be ISO 8601. */
function parseDateInput(input: DateInput): ParsedDate | null {
  if (input instanceof Date) {
    const ms = input.getTime();
    return Number.isNaN(ms) ? null : { ms, calendarDate: false };
  }
  if (typeof input === 'number') {
    const ms = new Date(input).getTime();
    return Number.isNaN(ms) ? null : { ms, calendarDate: false };
  }
  if (typeof input !== 'string') return null;
  const match = ISO_DATE_TIME.exec(input.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (h === undefined || mi === undefined) {
    const ms = utcMs(year, month, day);
    return ms === null ? null : { ms, calendarDate: true };
  }
  const millis = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const wallClock = utcMs(year, month, day, Number(h), Number(mi), Number(s ?? 0), millis);
  if (wallClock === null) return null;
  const offsetMinutes = offset === undefined ? 0 : utcOffsetMinutes(normaliseOffset(offset));
  if (offsetMinutes === null) return null;
  return { ms: wallClock - offsetMinutes * 60_000, calendarDate: false };
}

/** ISO allows '+05' for '+05:00'. */
function normaliseOffset(offset: string): string {
  return /^[+-]\d{2}$/.test(offset) ? `${offset}:00` : offset;
}

function formatWith<T extends DateInput>(input: T, template: string, offset: string | undefined): string | T {
  try {
    const parsed = parseDateInput(input);
    const minutes = offset === undefined ? undefined : utcOffsetMinutes(offset);
    if (!parsed || minutes === null) return input;
    if (parsed.calendarDate) return dayjs.utc(parsed.ms).locale('en').format(template);
    if (minutes === undefined) return dayjs(parsed.ms).locale('en').format(template);
    // Shift the instant and format it as UTC: the wall clock of that offset.
    return dayjs
      .utc(parsed.ms + minutes * 60_000)
      .locale('en')
      .format(template);
  } catch {
    return input;
  }
}

/** 'DD/MM/YYYY | hh:mm A' ('05/03/2025 | 02:30 PM'); the input unchanged when it is not a valid date. */
export function formatDateTime<T extends DateInput>(input: T, utcOffset?: string): string | T {
  return formatWith(input, DATE_TIME_FORMAT, utcOffset);
}

/** 'D MMM YYYY' (the spec's 'D Mon YYYY', '5 Mar 2025'); the input unchanged when it is not a valid date. */
export function formatDate<T extends DateInput>(input: T, utcOffset?: string): string | T {
  return formatWith(input, DATE_FORMAT, utcOffset);
}

/** 'UTC', 'UTC+05:30', 'UTC-08:00': a zone as its offset from UTC. */
export function utcOffsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/**
 * The spec's date and time with its zone stated, for screens (issue 26, point 7):
 * '05/03/2025 | 02:30 PM UTC+05:30' in the viewer's zone (the offset in force at that instant, so
 * summer time is right), or in `utcOffset` when given. A calendar date has no zone and none is said;
 * the input unchanged when it is not a valid date. Exports say their zone once, in their subtitle.
 */
export function formatDateTimeZoned<T extends DateInput>(input: T, utcOffset?: string): string | T {
  const formatted = formatDateTime(input, utcOffset);
  const parsed = parseDateInput(input);
  if (formatted === input || !parsed || parsed.calendarDate) return formatted;
  const minutes =
    utcOffset === undefined ? -new Date(parsed.ms).getTimezoneOffset() : utcOffsetMinutes(utcOffset);
  return minutes === null ? formatted : `${String(formatted)} ${utcOffsetLabel(minutes)}`;
}

/**
 * A calendar day as a date field shows and takes it: day first, as the spec's dates read
 * ('2026-03-05' -> '05/03/2026'); '' for anything that is not a YYYY-MM-DD day.
 */
export function formatDayInput(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * What was typed in a day-first date field as a YYYY-MM-DD day: 'D/M/YYYY' with '/', '.' or '-'
 * between the parts ('5/3/2026' -> '2026-03-05'); null when it is not a real day (31/02/2026).
 */
export function parseDayInput(typed: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === iso ? iso : null;
}
