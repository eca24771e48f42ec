import type { AudienceFileKind } from '../contracts/content.ts';
import { INTERNATIONAL_NUMBER_MESSAGE, isInternationalNumber } from './phone-numbers.ts';

/**
 * The audience file, defined once (spec section 7's sample files): the sample the portal offers and
 * the parser campaigns use are both built from AUDIENCE_FILES, so they never disagree.
 */
export interface AudienceColumn {
  header: string;
  required: boolean;
  /** Why a value is refused, or null when it is fine. */
  check: (value: string) => string | null;
}

export interface AudienceFileDefinition {
  fileName: string;
  columns: readonly AudienceColumn[];
  /** The sample's rows, in column order. */
  sample: readonly (readonly string[])[];
}

/** A mobile number in international form, the plus optional (rules/phone-numbers.ts). */
const msisdn: AudienceColumn = {
  header: 'msisdn',
  required: true,
  check: (v) => (isInternationalNumber(v) ? null : INTERNATIONAL_NUMBER_MESSAGE),
};
const param = (header: string): AudienceColumn => ({
  header,
  required: false,
  check: (v) => (v.length <= 256 ? null : 'is longer than 256 characters'),
});

export const AUDIENCE_FILES: Readonly<Record<AudienceFileKind, AudienceFileDefinition>> = {
  audience: {
    fileName: 'audience-sample',
    columns: [msisdn],
    sample: [['+919876543210'], ['+919812345678'], ['+447400123456'], ['+14155550100']],
  },
  personalised: {
    fileName: 'personalised-sample',
    columns: [msisdn, param('first_name'), param('order_id'), param('delivery_date')],
    sample: [
      ['+919876543210', 'Asha', 'ORD-10231', '2026-12-01'],
      ['+919812345678', 'Ravi', 'ORD-10232', '2026-12-02'],
      ['+447400123456', 'Emily', 'ORD-10233', '2026-12-03'],
      ['+14155550100', 'José, Jr.', 'ORD-10234', '2026-12-04'],
    ],
  },
};

/** The sample as rows: the header first. */
export function audienceSampleRows(kind: AudienceFileKind): string[][] {
  const definition = AUDIENCE_FILES[kind];
  return [definition.columns.map((c) => c.header), ...definition.sample.map((row) => [...row])];
}

/** The delimiter of each text format: CSV uses commas, TXT tabs. */
export const TEXT_DELIMITERS = { csv: ',', txt: '\t' } as const;
export type TextFormat = keyof typeof TEXT_DELIMITERS;

const quoted = (value: string, delimiter: string) =>
  value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** Rows as delimited text (RFC 4180 quoting), CRLF line ends. */
export function toDelimitedText(rows: readonly (readonly string[])[], format: TextFormat): string {
  const delimiter = TEXT_DELIMITERS[format];
  return `${rows.map((row) => row.map((v) => quoted(v, delimiter)).join(delimiter)).join('\r\n')}\r\n`;
}

export interface AudienceRowError {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  message: string;
}
export interface ParsedAudience {
  /** One record per data row, by column header. */
  records: Record<string, string>[];
  errors: AudienceRowError[];
}

/**
 * Reads an audience file's rows (from any of its formats) against its definition: the header must
 * name the required columns; each row's values are checked by their column.
 */
export function parseAudienceRows(
  kind: AudienceFileKind,
  rows: readonly (readonly string[])[],
): ParsedAudience {
  const { columns } = AUDIENCE_FILES[kind];
  const [header = [], ...data] = rows;
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = columns.filter((c) => c.required && !names.includes(c.header));
  if (missing.length > 0) {
    return {
      records: [],
      errors: [
        { line: 1, message: `The header must name the column ${missing.map((c) => c.header).join(', ')}.` },
      ],
    };
  }
  const records: Record<string, string>[] = [];
  const errors: AudienceRowError[] = [];
  data.forEach((row, index) => {
    const record: Record<string, string> = {};
    const problems: string[] = [];
    for (const column of columns) {
      const at = names.indexOf(column.header);
      const value = (at >= 0 ? (row[at] ?? '') : '').trim();
      if (value === '') {
        if (column.required) problems.push(`${column.header} is missing`);
        continue;
      }
      const problem = column.check(value);
      if (problem) problems.push(`${column.header} ${problem}`);
      else record[column.header] = value;
    }
    if (problems.length > 0) errors.push({ line: index + 2, message: problems.join('; ') });
    else records.push(record);
  });
  return { records, errors };
}
