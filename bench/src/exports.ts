/**
 * Large exports and the event loop (issue 31, point 5): a 10,000-row PDF and spreadsheet of the
 * wallet history's shape, rendered on the event loop (as every export was) and then as the API now
 * renders one that large (`renderTable`: the export worker thread), while a 5 ms timer stands in for
 * the other requests the process answers. Reported: the longest time the event loop did not turn. `BENCH_ONLY=exports` runs only this.
 */
import {
  type ExportFormat,
  type ExportTable,
  renderHere,
  renderTable,
} from '../../apps/api/src/platform/export/tables.ts';
import { type BenchResult, result, round } from './results.ts';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS) || 10_000;

const tableOf = (n: number): ExportTable => ({
  title: 'Portico wallet history',
  subtitle: `${n} rows`,
  columns: [
    { header: 'Reference', width: 220 },
    { header: 'Date', width: 120 },
    { header: 'Type', width: 80 },
    { header: 'Amount (USD)', width: 90, number: { format: '#,##0.00' } },
  ],
  rows: Array.from({ length: n }, (_, i) => [
    `Charge for 1,000 messages sent by bot ${i}`,
    '28 Nov 2026 12:00',
    'Debit',
    { value: i / 100, text: `$${(i / 100).toFixed(2)}` },
  ]),
  emptyText: 'Nothing here.',
});

async function loopWhile(work: () => Promise<unknown>) {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  clearInterval(timer);
  stall = Math.max(stall, performance.now() - last);
  return {
    stallMs: round(stall, 0),
    tookMs: round(took, 0),
  };
}

export async function benchExports(): Promise<{ results: BenchResult[]; details: string }> {
  const table = tableOf(ROWS);
  const results: BenchResult[] = [];
  const lines: string[] = [];
  // Warm both ways first: the libraries' first load and the worker's start are not the export.
  for (const format of ['pdf', 'xlsx'] as const) {
    await renderHere(format, tableOf(10));
    await renderTable(format, tableOf(1_000));
  }
  for (const format of ['pdf', 'xlsx'] as ExportFormat[]) {
    const inline = await loopWhile(() => renderHere(format, table));
    const worker = await loopWhile(() => renderTable(format, table));
    results.push(
      result(
        `exports.${format}-${ROWS}.loop-stall-ms.event-loop`,
        `longest event-loop stall (ms) while a ${ROWS}-row ${format} is rendered on the event loop`,
        inline.stallMs,
        'n/a',
      ),
      result(
        `exports.${format}-${ROWS}.loop-stall-ms.worker`,
        `longest event-loop stall (ms) while a ${ROWS}-row ${format} is rendered in the export worker thread`,
        worker.stallMs,
        '<= 100',
      ),
    );
    lines.push(
      `| ${format} | event loop | ${inline.tookMs} | ${inline.stallMs} |`,
      `| ${format} | worker thread | ${worker.tookMs} | ${worker.stallMs} |`,
    );
  }
  return {
    results,
    details: [
      '### Large exports',
      `A ${ROWS}-row wallet-history table rendered on the event loop, then as the API renders it (the export worker thread above ${ROWS > 200 ? '200 rows' : 'its bound'}), with a 5 ms timer running:`,
      '',
      '| format | rendered on | render ms | longest loop stall ms |',
      '|---|---|---:|---:|',
      ...lines,
    ].join('\n'),
  };
}
