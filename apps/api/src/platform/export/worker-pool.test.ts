import { describe, expect, it } from 'vitest';
import { type ExportTable, INLINE_EXPORT_ROWS, renderHere, renderTable } from './tables.ts';

/** A list of `n` rows as the wallet history exports it (text, a date, an amount). */
const bigTable = (n: number): ExportTable => ({
  title: 'Portico wallet history',
  subtitle: `${n} rows`,
  columns: [
    { header: 'Reference', width: 220 },
    { header: 'Date', width: 120 },
    { header: 'Amount (USD)', width: 90, number: { format: '#,##0.00' } },
  ],
  rows: Array.from({ length: n }, (_, i) => [
    `Charge for 1,000 messages sent by bot ${i}`,
    '28 Nov 2026 12:00',
    { value: i / 100, text: `$${(i / 100).toFixed(2)}` },
  ]),
  emptyText: 'Nothing here.',
});

/** Runs `work` while a 5 ms timer ticks: the longest time the event loop did not turn. */
async function longestStall(work: () => Promise<unknown>): Promise<{ stallMs: number; tookMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work();
  const tookMs = performance.now() - started;
  clearInterval(timer);
  stallMs = Math.max(stallMs, performance.now() - last);
  return { stallMs, tookMs };
}

describe('large exports off the event loop (issue 31 point 5)', () => {
  it('when a 10,000-row PDF is exported then it is rendered in the worker thread and the event loop keeps turning', async () => {
    const table = bigTable(10_000);
    // Warm both paths (the worker's start and the libraries' first load are not the export).
    await renderTable('pdf', bigTable(INLINE_EXPORT_ROWS + 1));
    await renderHere('pdf', bigTable(10));
    const inWorker = await longestStall(() => renderTable('pdf', table));
    const inline = await longestStall(() => renderHere('pdf', table));
    console.info(
      `10,000-row PDF: on the event loop the loop stalled ${inline.stallMs.toFixed(0)} ms (render ${inline.tookMs.toFixed(0)} ms); in the worker thread the longest stall was ${inWorker.stallMs.toFixed(0)} ms (render ${inWorker.tookMs.toFixed(0)} ms)`,
    );
    const body = await renderTable('pdf', table);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(inWorker.stallMs).toBeLessThan(inline.stallMs / 3);
  });

  it('when a large spreadsheet is exported in the worker then it is the same workbook as rendered inline', async () => {
    const table = bigTable(INLINE_EXPORT_ROWS * 2);
    const { default: ExcelJS } = await import('exceljs');
    const rowsOf = async (body: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(body as unknown as ArrayBuffer);
      return book.worksheets[0]?.rowCount;
    };
    expect(await rowsOf(await renderTable('xlsx', table))).toBe(INLINE_EXPORT_ROWS * 2 + 1);
    expect(await rowsOf(await renderHere('xlsx', table))).toBe(INLINE_EXPORT_ROWS * 2 + 1);
  });
});
