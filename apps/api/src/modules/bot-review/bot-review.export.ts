import {
  formatDate,
  formatDateTime,
  type TBotReviewFilters,
  type TBotReviewListItem,
  type TReviewDashboard,
} from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const CHANNEL_NAMES: Record<number, string> = { 1: 'RCS', 2: 'WhatsApp' };

/** The filters of a review list in words, for the export's subtitle. */
export function describeReviewFilters(filters: TBotReviewFilters, carrierName: string | null): string {
  return [
    `Tab ${filters.tab}`,
    filters.channel ? `channel ${filters.channel === 'rcs' ? 'RCS' : 'WhatsApp'}` : null,
    carrierName ? `carrier ${carrierName}` : null,
    filters.search ? `search "${filters.search}"` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A review list of launches as an export table (Excel and PDF through platform/export), filters applied. */
export function botReviewsTable(
  items: readonly TBotReviewListItem[],
  meta: { brandName: string; filters: string; generatedAt: Date },
): ExportTable {
  const withCarrierStatus = items.some((item) => item.carrier_status !== null);
  return {
    title: `${meta.brandName} bot launches`,
    subtitle: `${meta.filters} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC) · ${items.length} launch${items.length === 1 ? '' : 'es'}`,
    columns: [
      { header: 'Bot', width: 120 },
      { header: 'Partner', width: 110 },
      { header: 'Brand', width: 90 },
      { header: 'Channels', width: 65 },
      { header: 'Status', width: 110 },
      ...(withCarrierStatus ? [{ header: 'Your network', width: 100 }] : []),
      { header: 'Carriers', width: 150 },
      { header: 'Submitted', width: 90 },
    ],
    rows: items.map((item) => [
      item.name,
      item.partner_name,
      item.brand_name ?? '',
      item.channels.map((c) => CHANNEL_NAMES[c.channel_type] ?? String(c.channel_type)).join(' + '),
      item.status.label,
      ...(withCarrierStatus ? [item.carrier_status?.label ?? ''] : []),
      item.carriers.map((c) => `${c.name} (${c.status.label})`).join(', '),
      item.submitted_at ? String(formatDateTime(item.submitted_at, '+00:00')) : '',
    ]),
    emptyText: 'No launches match the filters.',
  };
}

const SUBJECT_NAMES = { bots: 'Bots', brands: 'Brands', aggregators: 'Aggregators' } as const;

/**
 * The reviewer's dashboard as one export table: its summary cards (waiting, approved, rejected, the
 * oldest waiting) and its requests per day, with the scope it shows (the platform or one network).
 */
export function reviewDashboardTable(
  dashboard: TReviewDashboard,
  meta: { brandName: string; scope: string; generatedAt: Date },
): ExportTable {
  const count = (n: number) => ({ value: n, text: n.toLocaleString('en-US') });
  const days = dashboard.requests.filter((day) => day.bots + day.brands + day.aggregators > 0).reverse();
  return {
    title: `${meta.brandName} dashboard`,
    subtitle: `${meta.scope} · requests per day over the last 30 days · counted ${formatDateTime(dashboard.generated_at, '+00:00')} (UTC) · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC)`,
    columns: [
      { header: 'Section', width: 110 },
      { header: 'Name', width: 110 },
      { header: 'Waiting / bots', width: 80, number: { format: '#,##0' } },
      { header: 'Approved / brands', width: 80, number: { format: '#,##0' } },
      { header: 'Rejected / aggregators', width: 90, number: { format: '#,##0' } },
      { header: 'Oldest waiting', width: 150 },
    ],
    rows: [
      ...dashboard.cards.map((card) => [
        'Summary',
        SUBJECT_NAMES[card.subject],
        count(card.waiting),
        count(card.approved),
        count(card.rejected),
        card.oldest_waiting
          ? `${card.oldest_waiting.name} since ${formatDateTime(card.oldest_waiting.since, '+00:00')}`
          : '',
      ]),
      ...days.map((day) => [
        'Requests per day',
        String(formatDate(day.day)),
        count(day.bots),
        count(day.brands),
        count(day.aggregators),
        '',
      ]),
    ],
    emptyText: 'Nothing to count.',
  };
}
