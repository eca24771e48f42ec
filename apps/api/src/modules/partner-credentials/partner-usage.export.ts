import { formatDateTime, type TPartnerUsage, type TUsageCounts } from '@portico/domain';
import type { ExportCell, ExportTable } from '../../platform/export/tables.ts';

const count = (value: number): ExportCell => ({ value, text: value.toLocaleString('en-US') });
const COUNT = { format: '#,##0' };

const countsOf = (c: TUsageCounts): ExportCell[] => [
  count(c.sent),
  count(c.delivered),
  count(c.read),
  count(c.failed),
  count(c.events),
  { value: Number(c.charged), text: c.charged },
  count(c.pending),
  { value: Number(c.pending_amount), text: c.pending_amount },
];

/**
 * A bot's API usage as an export table (Excel and PDF through platform/export): a row per day, the
 * total, then a row per carrier.
 */
export function usageTable(usage: TPartnerUsage, meta: { botName: string; generatedAt: Date }): ExportTable {
  const carrierLabel = (c: TPartnerUsage['carriers'][number]) =>
    `Carrier: ${c.carrier_name ?? 'unknown'}${c.country_id ? ` (${c.country_id})` : ''}`;
  return {
    title: `${meta.botName} API usage`,
    subtitle: `${usage.from} to ${usage.to} (UTC) · charged ${usage.totals.charged} ${usage.currency} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC)`,
    columns: [
      { header: 'Day / carrier', width: 170 },
      { header: 'Sent', width: 70, number: COUNT },
      { header: 'Delivered', width: 70, number: COUNT },
      { header: 'Read', width: 70, number: COUNT },
      { header: 'Failed', width: 70, number: COUNT },
      { header: 'Other events', width: 80, number: COUNT },
      { header: `Charged (${usage.currency})`, width: 100, number: { format: '0.000000' } },
      { header: 'Charge pending', width: 70, number: COUNT },
      { header: `Pending (${usage.currency})`, width: 100, number: { format: '0.000000' } },
    ],
    rows:
      usage.days.length === 0
        ? []
        : [
            ...usage.days.map((d) => [d.day, ...countsOf(d)]),
            ['Total', ...countsOf(usage.totals)],
            ...usage.carriers.map((c) => [carrierLabel(c), ...countsOf(c)]),
          ],
    emptyText: 'No messages or events in these dates.',
  };
}
