import { pipeline, type Readable } from 'node:stream';
import { AUDIENCE_MAX_LINE_CHARS, type AudienceFormat, TEXT_DELIMITERS } from '@portico/domain';
import { CsvError, parse } from 'csv-parse';

/** A problem with the whole file (not one line): the audience fails with this message. */
export class AudienceFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudienceFileError';
  }
}

/** One row of the file with its 1-based line (the physical line it starts on). */
export interface FileRow {
  line: number;
  values: string[];
}

/**
 * The rows of delimited text (CSV commas, TXT tabs) as they stream, through csv-parse: RFC 4180
 * quoting (separators and line breaks inside quotes), CRLF or LF, a BOM, rows of any length; a row
 * longer than AUDIENCE_MAX_LINE_CHARS stops the file (a 10 MB single line is never held).
 */
async function* delimited(source: Readable, format: 'csv' | 'txt'): AsyncGenerator<FileRow> {
  const parser = parse({
    delimiter: TEXT_DELIMITERS[format],
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: AUDIENCE_MAX_LINE_CHARS,
  });
  // pipeline, not pipe: a broken source (storage cut off, the process dying) fails the parser too.
  pipeline(source, parser, () => undefined);
  // Every physical line is a record (empty lines too), so a record starts on the line after the
  // previous one ended; a quoted value's line breaks (CRLF counted once) move the next start on.
  let line = 1;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      yield { line, values: record };
      line += 1 + record.reduce((n, value) => n + (value.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const where = ` (line ${line})`;
      if (error.code === 'CSV_MAX_RECORD_SIZE')
        throw new AudienceFileError(
          `A line is longer than ${AUDIENCE_MAX_LINE_CHARS.toLocaleString('en-US')} characters${where}: this is not an audience file of one recipient a line.`,
        );
      throw new AudienceFileError(
        `The file cannot be read as ${format.toUpperCase()}${where}: ${error.message}`,
      );
    }
    throw error;
  } finally {
    source.destroy();
  }
}

/** A cell's text: formulas are refused (their results could change after the check). */
function cellText(value: unknown, line: number, column: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if ('formula' in cell || 'sharedFormula' in cell)
      throw new AudienceFileError(
        `The spreadsheet holds a formula (line ${line}, column ${column}): save it with values only and upload it again.`,
      );
    if (Array.isArray(cell.richText))
      return (cell.richText as { text?: string }[]).map((part) => part.text ?? '').join('');
    if (typeof cell.text === 'string') return cell.text;
  }
  return String(value);
}

/** The first worksheet of an XLSX workbook, row by row, through exceljs's streaming reader. */
async function* workbook(source: Readable): AsyncGenerator<FileRow> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<{ number: number; values: unknown[] }>) {
        // exceljs's row.values is 1-based (index 0 unused).
        const values = row.values.slice(1).map((value, i) => cellText(value, row.number, i + 1));
        yield { line: row.number, values };
      }
      return; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof AudienceFileError) throw error;
    throw new AudienceFileError(
      `The file is not a readable Excel workbook (.xlsx): ${(error as Error).message.slice(0, 200)}`,
    );
  } finally {
    source.destroy();
  }
}

/** The rows of a stored audience file, streamed, whatever its format. */
export function audienceRows(source: Readable, format: AudienceFormat): AsyncGenerator<FileRow> {
  return format === 'xlsx' ? workbook(source) : delimited(source, format);
}

const ZIP = Buffer.from('PK\u0003\u0004', 'latin1');

/**
 * Whether the file's first bytes fit its extension: an XLSX is a zip; CSV and TXT are text (no NUL
 * byte, not a zip, PDF or image). Checked on the upload's first chunk, before anything is stored.
 */
export function contentProblem(format: AudienceFormat, head: Uint8Array): string | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 4096));
  const isZip = bytes.subarray(0, 4).equals(ZIP);
  if (format === 'xlsx')
    return isZip ? null : 'The file is not an Excel workbook (.xlsx), whatever its extension says.';
  if (isZip)
    return `The file is a spreadsheet or archive, not ${format.toUpperCase()} text: save it as ${format.toUpperCase()} or upload it as .xlsx.`;
  if (bytes.includes(0) || bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return `The file is binary, not ${format.toUpperCase()} text.`;
  return null;
}
