import {
  ANALYTICS_DIMENSION_LABELS,
  ANALYTICS_PRESET_LABELS,
  type AnalyticsDimension,
  type TAnalyticsFigures,
  type TAnalyticsReport,
  timeZoneLabel,
} from '@portico/domain';
import type { ExportCell, ExportTable } from '../../platform/export/tables.ts';

const count = (n: number): ExportCell => ({ value: n, text: n.toLocaleString('en-US') });
const money = (amount: string): ExportCell => {
  const value = Number(amount);
  return { value, text: value.toLocaleString('en-US', { style: 'currency', currency: 'USD' }) };
};
const figures = (f: TAnalyticsFigures): ExportCell[] => [
  count(f.sent),
  count(f.delivered),
  count(f.read),
  count(f.failed),
  money(f.amount),
];

/** A billing analytics view as one table: totals, the period before, each day and each breakdown. */
export function analyticsTable(
  report: TAnalyticsReport,
  options: { title: string; generatedAt: Date },
): ExportTable {
  const { range } = report;
  const filters = Object.entries(report.filter_labels)
    .map(([key, label]) => `${key.replace(/_id$/, '').replace('_', ' ')}: ${label}`)
    .join(', ');
  const usd = (s: string) => Number(s).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  const subtitle = [
    `${ANALYTICS_PRESET_LABELS[range.preset]}: ${range.from} to ${range.to} (${timeZoneLabel(range.zone) ?? range.zone})`,
    filters ? `Filters: ${filters}` : 'No filters',
    `Spend ${usd(report.money.spend)}, verification fees ${usd(report.money.verification_fees)}, top-ups ${usd(report.money.top_ups)}, revenue ${usd(report.money.revenue)}`,
    `Generated ${options.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ].join(' · ');
  const rows: ExportCell[][] = [
    ['Total', `${range.from} to ${range.to}`, ...figures(report.totals)],
    ['Previous period', `${range.previous_from} to ${range.previous_to}`, ...figures(report.previous_totals)],
    ...report.series.map((day) => ['Day', day.day, ...figures(day)]),
  ];
  for (const [dimension, list] of Object.entries(report.breakdowns) as [
    AnalyticsDimension,
    TAnalyticsReport['breakdowns'][AnalyticsDimension],
  ][]) {
    for (const row of list ?? [])
      rows.push([ANALYTICS_DIMENSION_LABELS[dimension], row.label, ...figures(row)]);
  }
  return {
    title: options.title,
    subtitle,
    columns: [
      { header: 'Section', width: 90 },
      { header: 'Name', width: 150 },
      { header: 'Sent', width: 55, number: { format: '#,##0' } },
      { header: 'Delivered', width: 60, number: { format: '#,##0' } },
      { header: 'Read', width: 55, number: { format: '#,##0' } },
      { header: 'Failed', width: 50, number: { format: '#,##0' } },
      { header: 'Amount (USD)', width: 75, number: { format: '#,##0.00' } },
    ],
    rows,
    emptyText: 'No traffic in this range.',
  };
}
