import { PassThrough } from 'node:stream';
import { toDelimitedText } from '@portico/domain';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../uploads/downloads.routes.ts';

/** A report too long to hold in memory: its pages of rows, read as they are sent. */
export interface StreamedSheet<Row> {
  /** The file's name without its extension. */
  base: string;
  /** The Excel worksheet's name. */
  sheetName: string;
  header: readonly string[];
  /** Column widths in Excel (characters), by position; Excel's default where left out. */
  widths?: readonly number[];
  pages: AsyncIterable<readonly Row[]>;
  /** A row's cells (numbers stay numbers in Excel and are written as text in CSV). */
  cells: (row: Row) => readonly (string | number)[];
}

/**
 * Sends a report as CSV (with a BOM, so Excel reads UTF-8) or as a streamed Excel workbook, page by
 * page: memory stays flat whatever the number of rows (the per-recipient campaign report, the
 * audience's refused lines). Not cached.
 */
export async function sendStreamedSheet<Row>(
  reply: FastifyReply,
  format: 'csv' | 'xlsx',
  sheet: StreamedSheet<Row>,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    async function* csv() {
      yield `\uFEFF${toDelimitedText([sheet.header], 'csv')}`;
      for await (const page of sheet.pages)
        yield toDelimitedText(
          page.map((row) => sheet.cells(row).map(String)),
          'csv',
        );
    }
    reply.header('content-disposition', contentDisposition(`${sheet.base}.csv`));
    return reply.type('text/csv; charset=utf-8').send(PassThrough.from(csv()));
  }
  const { default: ExcelJS } = await import('exceljs');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.sheetName);
  worksheet.columns = sheet.header.map((header, i) => ({ header, key: header, width: sheet.widths?.[i] }));
  void (async () => {
    try {
      for await (const page of sheet.pages)
        for (const row of page) worksheet.addRow([...sheet.cells(row)]).commit();
      worksheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  reply.header('content-disposition', contentDisposition(`${sheet.base}.xlsx`));
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
}
