import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { WHATSAPP_TEMPLATE_LIMITS } from './templates/limits.ts';
import { rcsVariableProblem } from './templates/variables.ts';

/**
 * Audiences (issue 27): the rules of an uploaded recipient file, in one place for the API's checking
 * job, its routes and the web's upload form. Decision 0042 reads the spec's size constants.
 */

/** "A campaign audience file name is valid only if its length is at most 50 characters." */
export const AUDIENCE_FILE_NAME_MAX = 50;
/** "Audience size constant 100000000; byte unit 1000": at most 100 MB, counted in 1000s. */
export const AUDIENCE_MAX_BYTES = 100 * 1000 * 1000;
/** The recipients one audience may keep unless AUDIENCE_MAX_RECIPIENTS configures another number. */
export const AUDIENCE_MAX_RECIPIENTS_DEFAULT = 1_000_000;
/** The longest line a text file may have (a 10 MB single line is refused as too long, not read). */
export const AUDIENCE_MAX_LINE_CHARS = 10_000;
/** The formats an audience file may have, by extension. */
export const AUDIENCE_FORMATS = ['csv', 'txt', 'xlsx'] as const;
export type AudienceFormat = (typeof AUDIENCE_FORMATS)[number];

/** Formats a byte count in the spec's 1000-based units (100 MB = 100,000,000 bytes). */
export function formatAudienceBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1000 * 1000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1000 / 1000).toFixed(1)} MB`;
}

/** Why an audience file's name and size are refused before anything is stored, or null. */
export function audienceFileProblem(fileName: string, bytes?: number): string | null {
  const name = fileName.trim();
  if (name === '') return 'The file has no name.';
  if ([...name].length > AUDIENCE_FILE_NAME_MAX)
    return `The file name is longer than ${AUDIENCE_FILE_NAME_MAX} characters: rename it and upload again.`;
  if (!audienceFormatOf(name)) return 'The file must be a CSV, TXT or XLSX file (by its extension).';
  if (bytes !== undefined) {
    if (bytes === 0) return 'The file is empty.';
    if (bytes > AUDIENCE_MAX_BYTES)
      return `The file is larger than ${formatAudienceBytes(AUDIENCE_MAX_BYTES)} (it is ${formatAudienceBytes(bytes)}).`;
  }
  return null;
}

/** The format a file name's extension names, or null. */
export function audienceFormatOf(fileName: string): AudienceFormat | null {
  const extension = fileName.trim().toLowerCase().split('.').pop() ?? '';
  return (AUDIENCE_FORMATS as readonly string[]).includes(extension) ? (extension as AudienceFormat) : null;
}

/** Why a line of the file is not kept. */
export const AUDIENCE_REFUSAL_REASONS = [
  'bad_number',
  'duplicate',
  'opted_out',
  'too_long',
  'empty',
] as const;
export type AudienceRefusalReason = (typeof AUDIENCE_REFUSAL_REASONS)[number];
export const AUDIENCE_REFUSAL_LABELS: Readonly<Record<AudienceRefusalReason, string>> = {
  bad_number: 'Not a valid mobile number',
  duplicate: 'Duplicate of an earlier line',
  opted_out: 'Opted out',
  too_long: 'Too long',
  empty: 'Empty line',
};

/** How many lines were refused for each reason (every reason present, 0 when none). */
export type AudienceRefusalCounts = Record<AudienceRefusalReason, number>;
export function emptyRefusalCounts(): AudienceRefusalCounts {
  return { bad_number: 0, duplicate: 0, opted_out: 0, too_long: 0, empty: 0 };
}

/** A number's text of digits only, with or without its plus. */
const DIGITS_ONLY = /^\+?\d+$/;

/**
 * A mobile number in E.164 (+ and digits), or null when it is not a valid number. A number without
 * its international prefix is read in `defaultCountry` (the partner's country). The one phone
 * number rule of audiences, opt-outs and the send-time opt-out check.
 */
export function normaliseMsisdn(raw: string, defaultCountry?: string | null): string | null {
  const text = raw.trim();
  if (text === '' || text.length > 40) return null;
  const country = (defaultCountry || undefined) as CountryCode | undefined;
  try {
    // libphonenumber-js's core with its default (min) metadata: the same parse without the wrapper
    // that reads its arguments again on every call. A text of digits only (with or without its plus,
    // most lines of an audience file) holds nothing around the number to extract: read strictly.
    const number = parsePhoneNumberFromString(
      text,
      {
        ...(country ? { defaultCountry: country } : {}),
        ...(DIGITS_ONLY.test(text) ? { extract: false } : {}),
      },
      metadata,
    );
    return number?.isValid() ? number.number : null;
  } catch {
    return null;
  }
}

/** The header of the number column; the other columns are personalised fields. */
export const AUDIENCE_NUMBER_HEADERS = ['msisdn', 'mobile', 'phone', 'number'] as const;

/** Where the number and each personalised field are in the file's rows. */
export interface AudienceColumnMapping {
  numberIndex: number;
  /** Personalised columns, by their header name (lower-cased), in file order. */
  fields: { name: string; index: number }[];
}

/**
 * The column mapping from the file's first row: a header naming the number column (msisdn, or
 * mobile/phone/number) maps it and every other named column as a personalised field (its name as a
 * template variable, e.g. {{first_name}}); a first row that is itself a number means a file without
 * header (one number per line). Returns the mapping, whether the first row is a header, or a problem.
 */
export function mapAudienceColumns(
  firstRow: readonly string[],
  defaultCountry?: string | null,
): { mapping: AudienceColumnMapping; header: boolean } | { problem: string } {
  const names = firstRow.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const numberIndex = names.findIndex((n) => (AUDIENCE_NUMBER_HEADERS as readonly string[]).includes(n));
  if (numberIndex < 0) {
    if (normaliseMsisdn(names[0] ?? '', defaultCountry))
      return { mapping: { numberIndex: 0, fields: [] }, header: false };
    return {
      problem:
        'The first line must be a header naming the number column (msisdn), or the file must hold one number per line.',
    };
  }
  const fields: { name: string; index: number }[] = [];
  for (const [index, name] of names.entries()) {
    if (index === numberIndex || name === '') continue;
    const problem = rcsVariableProblem(name);
    if (problem) return { problem: `Column ${index + 1} ("${name}"): ${problem}` };
    if (fields.some((f) => f.name === name)) return { problem: `The column "${name}" appears twice.` };
    fields.push({ name, index });
  }
  return { mapping: { numberIndex, fields }, header: true };
}

/** The longest personalised value: what a template variable may hold (Meta's variable limit). */
export const AUDIENCE_FIELD_VALUE_MAX = WHATSAPP_TEMPLATE_LIMITS.variableExample;

/** A line kept: the number in E.164 and its personalised values. */
export interface KeptRecipient {
  line: number;
  msisdn: string;
  fields: Record<string, string>;
}
/** A line refused, with its raw text (cut to 200 characters) for the refused-lines file. */
export interface RefusedLine {
  line: number;
  reason: AudienceRefusalReason;
  detail: string;
  raw: string;
}
export type LineVerdict = { kept: KeptRecipient } | { refused: RefusedLine };

export interface AudienceCheckerOptions {
  mapping: AudienceColumnMapping;
  defaultCountry?: string | null;
  /** Whether the partner's opt-out list holds this E.164 number. */
  optedOut: (msisdn: string) => boolean;
  /** Numbers already kept (a resumed check starts from those it stored). */
  seen?: Iterable<string>;
  /**
   * false: numbers are not deduplicated here (the caller does it where it stores them, e.g. by the
   * recipients' unique key, refusing with `duplicateRefusal`): a valid line is kept as a candidate.
   */
  dedupe?: boolean;
}

/** The refusal of a line whose number an earlier line already holds. */
export function duplicateRefusal(line: number, msisdn: string, raw: string): RefusedLine {
  return { line, reason: 'duplicate', detail: `${msisdn} is already on an earlier line.`, raw };
}

/** A line's raw text as refused lines show it (its values joined, cut to 200 characters). */
export function rawLine(row: readonly string[]): string {
  return row.join(',').slice(0, 200);
}

/**
 * Checks one row after another: normalised, deduplicated inside the file and against opt-outs,
 * personalised values within the template variable limits. Every row gets exactly one verdict.
 */
export function createAudienceChecker(options: AudienceCheckerOptions) {
  const { mapping, defaultCountry, optedOut } = options;
  const dedupe = options.dedupe ?? true;
  const seen = new Set<string>(dedupe ? (options.seen ?? []) : []);
  return {
    check(line: number, row: readonly string[]): LineVerdict {
      // The raw text only for a refused line (most lines are kept: no string made for them).
      const refuse = (reason: AudienceRefusalReason, detail: string): LineVerdict => ({
        refused: { line, reason, detail, raw: rawLine(row) },
      });
      if (row.every((value) => value.trim() === '')) return refuse('empty', 'The line is empty.');
      const rawNumber = row[mapping.numberIndex] ?? '';
      if (rawNumber.trim() === '') return refuse('bad_number', 'The number is missing.');
      const msisdn = normaliseMsisdn(rawNumber, defaultCountry);
      if (!msisdn)
        return refuse('bad_number', `"${rawNumber.trim().slice(0, 40)}" is not a valid mobile number.`);
      const fields: Record<string, string> = {};
      for (const field of mapping.fields) {
        const value = (row[field.index] ?? '').trim();
        if (value.length > AUDIENCE_FIELD_VALUE_MAX)
          return refuse(
            'too_long',
            `${field.name} is longer than ${AUDIENCE_FIELD_VALUE_MAX} characters (${value.length}).`,
          );
        if (value !== '') fields[field.name] = value;
      }
      if (optedOut(msisdn)) return refuse('opted_out', `${msisdn} opted out of your messages.`);
      if (!dedupe) return { kept: { line, msisdn, fields } };
      if (seen.has(msisdn)) return { refused: duplicateRefusal(line, msisdn, rawLine(row)) };
      seen.add(msisdn);
      return { kept: { line, msisdn, fields } };
    },
    /** How many different numbers were kept so far. */
    get keptCount(): number {
      return seen.size;
    },
  };
}

/**
 * Reach (issue 27 point 3): numbers per capability request and requests a second, per RCS network.
 * RBM users.batchGet takes up to 10,000 numbers; MaaP asks per contact (the connector runs a few at
 * once), so its batch is small and its pace is per batch.
 */
export const AUDIENCE_REACH_PACE = {
  rbm: { batch: 10_000, perSecond: 5 },
  maap: { batch: 200, perSecond: 5 },
} as const satisfies Record<string, { batch: number; perSecond: number }>;
export type AudienceReachNetwork = keyof typeof AUDIENCE_REACH_PACE;

/** A part of an audience's reach as a percent with one decimal ("92.0%"; "0.0%" of nobody). */
export function reachPercent(part: number, whole: number): string {
  return `${(whole > 0 ? (part / whole) * 100 : 0).toFixed(1)}%`;
}

/** Opt-out words a user may send to a bot (case and surrounding spaces ignored). */
export const OPT_OUT_KEYWORDS = ['STOP', 'UNSUBSCRIBE', 'STOPALL', 'CANCEL', 'END', 'QUIT'] as const;
/** Whether a user's message asks to stop receiving messages. */
export function isOptOutMessage(text: string | null | undefined): boolean {
  const word = (text ?? '').trim().toUpperCase();
  return (OPT_OUT_KEYWORDS as readonly string[]).includes(word);
}
