import { formatCurrency, formatDateTime, type TWalletTransaction } from '@portico/domain';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';

const COLUMNS = [
  'Date',
  'Description',
  'Type',
  'Amount (USD)',
  'Running balance (USD)',
  'Reference',
] as const;

/**
 * A spreadsheet cell must never be read as a formula: text starting with = + - @ (or a tab / carriage
 * return) gets a leading apostrophe (OWASP CSV injection). Amounts are written as numbers, not text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function rowOf(item: TWalletTransaction, offset: string): string[] {
  return [
    String(formatDateTime(item.created_at, offset)),
    item.description,
    item.kind,
    item.amount,
    item.running_balance,
    item.reference ?? '',
  ];
}

export async function walletXlsx(items: TWalletTransaction[], offset = '+00:00'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Wallet history');
  sheet.columns = COLUMNS.map((header, i) => ({
    header,
    key: String(i),
    width: [22, 40, 12, 16, 22, 38][i],
  }));
  sheet.getRow(1).font = { bold: true };
  for (const item of items) {
    const [date = '', description = '', kind = '', , , reference = ''] = rowOf(item, offset);
    const row = sheet.addRow([
      neutraliseFormula(date),
      neutraliseFormula(description),
      neutraliseFormula(kind),
      // Decimal strings of at most 6 places: exact as doubles for display at 2-6 places.
      Number(item.amount),
      Number(item.running_balance),
      neutraliseFormula(reference),
    ]);
    row.getCell(4).numFmt = '#,##0.00####';
    row.getCell(5).numFmt = '#,##0.00####';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function walletPdf(
  items: TWalletTransaction[],
  meta: { brandName: string; balance: string; generatedAt: Date },
  offset = '+00:00',
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(16).text(`${meta.brandName} wallet history`);
    doc
      .fontSize(9)
      .fillColor('#555555')
      .text(
        `Balance ${formatCurrency(meta.balance)} · generated ${formatDateTime(meta.generatedAt, offset)} (UTC${offset}) · ${items.length} transaction${items.length === 1 ? '' : 's'}`,
      );
    doc.moveDown();
    const widths = [110, 230, 60, 80, 100, 180];
    const drawRow = (cells: readonly string[], bold: boolean) => {
      if (doc.y > doc.page.height - 60) doc.addPage();
      const y = doc.y;
      let x = doc.page.margins.left;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8)
        .fillColor('#222222');
      let height = 0;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 80;
        const align = i === 3 || i === 4 ? 'right' : 'left';
        doc.text(cell, x, y, { width: width - 6, align });
        height = Math.max(height, doc.heightOfString(cell, { width: width - 6 }));
        x += width;
      });
      doc.y = y + height + 4;
      doc.x = doc.page.margins.left;
    };
    drawRow(COLUMNS, true);
    for (const item of items) {
      const [date = '', description = '', kind = '', , , reference = ''] = rowOf(item, offset);
      drawRow(
        [
          date,
          description,
          kind,
          formatCurrency(item.amount),
          formatCurrency(item.running_balance),
          reference,
        ],
        false,
      );
    }
    if (items.length === 0) doc.font('Helvetica').text('No transactions match the filters.');
    doc.end();
  });
}
