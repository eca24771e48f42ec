import {
  AUDIENCE_FILES,
  type AudienceFileKind,
  audienceSampleRows,
  type ParsedAudience,
  parseAudienceRows,
  parseDelimitedText,
  type SampleFileFormat,
  toDelimitedText,
} from '@portico/domain';

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

/** An audience file read back with the same definition (what campaigns will call). */
export async function parseAudienceFile(
  kind: AudienceFileKind,
  format: SampleFileFormat,
  bytes: Uint8Array,
): Promise<ParsedAudience> {
  const rows =
    format === 'xlsx'
      ? await xlsxRows(bytes)
      : parseDelimitedText(Buffer.from(bytes).toString('utf8'), format);
  return parseAudienceRows(kind, rows);
}
