import { EXPORT_PROGRESS_ROWS } from '@portico/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.ts';
import type { BackgroundExports } from './background-exports.ts';
import { renderInWorker } from './worker-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Large exports with progress (server.ts decorates the app with them). */
    backgroundExports?: BackgroundExports;
  }
}

/**
 * Every list's Excel and PDF download, built one way. A module describes its table (columns and
 * rows); this renders it. exceljs and pdfkit are loaded on the first export, not at start.
 */

export type ExportFormat = 'xlsx' | 'pdf';

export interface ExportColumn {
  header: string;
  /** Width in the PDF (points) and, divided by 5, in the spreadsheet (characters). */
  width: number;
  /** Numbers are written as numbers in the spreadsheet (with this format) and right-aligned. */
  number?: { format: string };
}

/** A cell: text, or for a number column the value and how the PDF shows it. */
export type ExportCell = string | { value: number; text: string };

export interface ExportTable {
  /** The sheet name and the PDF's heading, e.g. "Portico wallet history". */
  title: string;
  /** One line under the PDF's heading: totals, filters, generation time. */
  subtitle: string;
  columns: readonly ExportColumn[];
  rows: readonly (readonly ExportCell[])[];
  /** Shown in the PDF when there are no rows. */
  emptyText: string;
}

/**
 * A spreadsheet cell must never be read as a formula: text starting with = + - @ (or a tab / carriage
 * return) gets a leading apostrophe (OWASP CSV injection). Numbers are written as numbers.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const textOf = (cell: ExportCell | undefined) =>
  cell === undefined ? '' : typeof cell === 'string' ? cell : cell.text;

/** Called with the rows rendered so far, every PROGRESS_EVERY rows and at the end. */
export type RenderProgress = (done: number) => void;
const PROGRESS_EVERY = 250;

export async function tableXlsx(table: ExportTable, onProgress?: RenderProgress): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Excel refuses sheet names over 31 characters or with []:*?/\
  const sheet = workbook.addWorksheet(table.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  sheet.columns = table.columns.map((column, i) => ({
    header: column.header,
    key: String(i),
    width: Math.round(column.width / 5),
  }));
  sheet.getRow(1).font = { bold: true };
  let done = 0;
  for (const cells of table.rows) {
    const row = sheet.addRow(
      table.columns.map((column, i) => {
        const cell = cells[i];
        if (column.number && cell !== undefined && typeof cell !== 'string') return cell.value;
        return neutraliseFormula(textOf(cell));
      }),
    );
    table.columns.forEach((column, i) => {
      if (column.number) row.getCell(i + 1).numFmt = column.number.format;
    });
    done += 1;
    if (onProgress && done % PROGRESS_EVERY === 0) onProgress(done);
  }
  onProgress?.(done);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function tablePdf(table: ExportTable, onProgress?: RenderProgress): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(16).text(table.title);
    doc.fontSize(9).fillColor('#555555').text(table.subtitle);
    doc.moveDown();
    const drawRow = (cells: readonly string[], bold: boolean) => {
      if (doc.y > doc.page.height - 60) doc.addPage();
      const y = doc.y;
      let x = doc.page.margins.left;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8)
        .fillColor('#222222');
      let height = 0;
      table.columns.forEach((column, i) => {
        const cell = cells[i] ?? '';
        const options = {
          width: column.width - 6,
          align: column.number ? ('right' as const) : ('left' as const),
        };
        doc.text(cell, x, y, options);
        height = Math.max(height, doc.heightOfString(cell, options));
        x += column.width;
      });
      doc.y = y + height + 4;
      doc.x = doc.page.margins.left;
    };
    drawRow(
      table.columns.map((c) => c.header),
      true,
    );
    let done = 0;
    for (const cells of table.rows) {
      drawRow(cells.map(textOf), false);
      done += 1;
      if (onProgress && done % PROGRESS_EVERY === 0) onProgress(done);
    }
    onProgress?.(done);
    if (table.rows.length === 0) doc.font('Helvetica').text(table.emptyText);
    doc.end();
  });
}

/** Each export format's content type (also the background exports' stored files). */
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The caller takes a 202 and follows the export's progress (RFC 7240 `Prefer: respond-async`). */
const asksAsync = (request: FastifyRequest) =>
  /(^|[\s,;])respond-async\b/i.test(String(request.headers.prefer ?? ''));

/**
 * Renders the table in the asked format and sends it as an attachment `<name>-<YYYY-MM-DD>.<format>`.
 * A table over EXPORT_PROGRESS_ROWS rows, for a signed-in caller that asks for it, is rendered in
 * the background instead: 202 with the export's id, followed at GET /secure/exports/:exportId.
 */
export async function sendTable(
  reply: FastifyReply,
  format: ExportFormat,
  name: string,
  table: ExportTable,
): Promise<FastifyReply> {
  const stamp = new Date().toISOString().slice(0, 10);
  const filename = `${name.replace(/[^a-z0-9-]+/gi, '-')}-${stamp}.${format}`;
  const background = reply.server.backgroundExports;
  const owner = reply.request.user?.userId;
  if (background && owner && table.rows.length > EXPORT_PROGRESS_ROWS && asksAsync(reply.request)) {
    const started = await background.start(owner, format, filename, table);
    return reply
      .code(202)
      .header('preference-applied', 'respond-async')
      .header('cache-control', 'no-store')
      .send(ok(started));
  }
  const body = await renderTable(format, table);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * Rows up to which a table is rendered on the event loop. Measured (worker-pool.test.ts, a shared
 * 2-core machine): a PDF costs about 0.1 ms a row once warm, so a 10,000-row PDF held the event loop
 * about 1 s and 200 rows hold it some 20 to 40 ms; a larger table goes to the export worker thread
 * (export-worker.ts), where the 10,000-row PDF stalled the loop at most 47 ms (issue 31 point 5).
 */
export const INLINE_EXPORT_ROWS = 200;

/** The table in the asked format: small ones here, large ones in the export worker thread. */
export function renderTable(format: ExportFormat, table: ExportTable): Promise<Buffer> {
  if (table.rows.length > INLINE_EXPORT_ROWS) return renderInWorker(format, table);
  return renderHere(format, table);
}

/** The rendering itself (also what the worker thread runs). */
export function renderHere(
  format: ExportFormat,
  table: ExportTable,
  onProgress?: RenderProgress,
): Promise<Buffer> {
  return format === 'xlsx' ? tableXlsx(table, onProgress) : tablePdf(table, onProgress);
}
