import { formatCurrency, formatMicros, monthName } from '@portico/domain';
import type { Statement } from './analytics.service.ts';

const usd = (micros: bigint) => formatCurrency(formatMicros(micros));

/**
 * The monthly statement as a PDF (pdfkit, loaded on first use like every export): the partner's
 * billing information as the header, the balance from opening to closing, then the charges by
 * carrier and billing category.
 */
export async function statementPdf(
  statement: Statement,
  options: { brandName: string; generatedAt: Date },
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Statement ${statement.month}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor('#222222')
      .text(
        statement.network
          ? `${options.brandName} billing report: ${statement.network}`
          : `${options.brandName} statement`,
      );
    doc
      .font('Helvetica')
      .fontSize(11)
      .text(`${monthName(statement.month)} (UTC)`);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text(statement.partnerName);
    doc.font('Helvetica').fontSize(9).fillColor('#444444');
    for (const line of statement.addressLines) doc.text(line);
    if (statement.contact) doc.text(`Billing contact: ${statement.contact}`);
    if (statement.taxId) doc.text(`Tax id: ${statement.taxId}`);
    doc.moveDown();

    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor('#222222');
      doc.text(label, left, y, { width: width - 120 });
      doc.text(amount, left + width - 120, y, { width: 120, align: 'right' });
      doc.moveDown(0.3);
    };
    // A carrier's report shows its network's charges, not the partner's wallet.
    if (!statement.network) {
      row('Opening balance', usd(statement.opening), true);
      row('Top-ups', usd(statement.topUps));
      row('Message charges', `-${usd(statement.messageCharges)}`);
      if (statement.otherCharges > 0n) row('Other charges', `-${usd(statement.otherCharges)}`);
      row('Verification holds placed', `-${usd(statement.holds)}`);
      row('Verification holds released', usd(statement.releases));
      row('Verification fees (captured from holds)', usd(statement.verificationFees));
      if (statement.adjustments > 0n) row('Adjustments', usd(statement.adjustments));
      row('Closing balance', usd(statement.closing), true);
    }
    doc.moveDown();

    doc.font('Helvetica-Bold').fontSize(12).text('Charges by carrier and billing category', left);
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text('Messages by the time they were sent.');
    doc.moveDown(0.5);
    const cols = [
      { header: 'Carrier', width: width * 0.4, align: 'left' as const },
      { header: 'Billing category', width: width * 0.3, align: 'left' as const },
      { header: 'Messages', width: width * 0.12, align: 'right' as const },
      { header: 'Amount', width: width * 0.18, align: 'right' as const },
    ];
    const line = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - 72) doc.addPage();
      const y = doc.y;
      let x = left;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor('#222222');
      cols.forEach((col, i) => {
        doc.text(cells[i] ?? '', x, y, { width: col.width - 4, align: col.align });
        x += col.width;
      });
      doc.moveDown(0.3);
    };
    line(
      cols.map((c) => c.header),
      true,
    );
    if (statement.charges.length === 0) {
      doc.font('Helvetica').fontSize(9).text('No message was charged this month.', left);
    }
    for (const c of statement.charges) {
      line(
        [c.carrier, c.billingCategory || 'None', c.messages.toLocaleString('en-US'), usd(c.amount)],
        false,
      );
    }
    const total = statement.charges.reduce((sum, c) => sum + c.amount, 0n);
    const messages = statement.charges.reduce((sum, c) => sum + c.messages, 0);
    line(['Total', '', messages.toLocaleString('en-US'), usd(total)], true);
    doc.moveDown();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777777')
      .text(
        `Generated ${options.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Amounts in USD.`,
        left,
      );
    doc.end();
  });
}
