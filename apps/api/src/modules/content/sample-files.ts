import { Readable } from 'node:stream';
import {
  AUDIENCE_FILES,
  type AudienceFileKind,
  audienceSampleRows,
  type ParsedAudience,
  parseAudienceRows,
  type SampleFileFormat,
  TEXT_DELIMITERS,
  type TextFormat,
  toDelimitedText,
} from '@portico/domain';
import { CsvError, parse } from 'csv-parse';
import { BadRequestError } from '../../platform/http/errors.ts';

export interface SampleFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const CONTENT_TYPES: Readonly<Record<SampleFileFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Every cell as text, so numbers such as +919876543210 are kept exactly as written. */
async function toXlsx(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Audience');
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column) => {
    column.numFmt = '@';
    column.width = 20;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function xlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    for (let col = 1; col <= row.cellCount; col++) values.push(row.getCell(col).text ?? '');
    rows.push(values);
  });
  return rows;
}

/** The audience list sample or the personalised sample in the chosen extension (spec section 7). */
export async function sampleFile(kind: AudienceFileKind, format: SampleFileFormat): Promise<SampleFile> {
  const rows = audienceSampleRows(kind);
  const bytes = format === 'xlsx' ? await toXlsx(rows) : Buffer.from(toDelimitedText(rows, format), 'utf8');
  return {
    fileName: `${AUDIENCE_FILES[kind].fileName}.${format}`,
    contentType: CONTENT_TYPES[format],
    bytes,
  };
}

/**
 * Delimited text (CSV with commas, TXT with tabs) as rows, through csv-parse's streaming parser: RFC
 * 4180 quoting, CRLF or LF, a BOM and blank lines ignored, rows of any length (each is checked by
 * its columns afterwards). A user's upload is read as it streams, never by a hand-written parser.
 */
export async function delimitedRows(input: Readable | Uint8Array, format: TextFormat): Promise<string[][]> {
  const source = input instanceof Readable ? input : Readable.from([Buffer.from(input)]);
  const parser = source.pipe(
    parse({
      delimiter: TEXT_DELIMITERS[format],
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }),
  );
  const rows: string[][] = [];
  for await (const record of parser) rows.push(record as string[]);
  return rows;
}

/** An audience file read back with the same definition (what campaigns will call). */
export async function parseAudienceFile(
  kind: AudienceFileKind,
  format: SampleFileFormat,
  bytes: Uint8Array,
): Promise<ParsedAudience> {
  let rows: string[][];
  try {
    rows = format === 'xlsx' ? await xlsxRows(bytes) : await delimitedRows(bytes, format);
  } catch (error) {
    // A file that is not readable text of its kind is the uploader's to fix (400), with the reason.
    if (error instanceof CsvError) throw new BadRequestError(`The file cannot be read: ${error.message}`);
    throw error;
  }
  return parseAudienceRows(kind, rows);
}
