import {
  formatCurrency,
  formatDate,
  formatDateTime,
  percentChange,
  type TAnalyticsReport,
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

/** The revenue the dashboard's Revenue card shows, for its export: the report of the same 30 days. */
export type DashboardRevenue = Pick<TAnalyticsReport, 'money' | 'previous_money' | 'series' | 'range'>;

const money = (amount: string) => ({ value: Number(amount), text: formatCurrency(amount) });

/** The revenue's change against the period before, in words (as the Revenue card says it). */
function revenueTrend(revenue: DashboardRevenue): string {
  const change = percentChange(Number(revenue.money.revenue), Number(revenue.previous_money.revenue));
  if (change === null) return 'none in the 30 days before';
  if (change === 0) return 'no change against the 30 days before';
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% against the 30 days before`;
}

/**
 * The reviewer's dashboard as one export table: its summary cards (waiting, approved, rejected, the
 * oldest waiting), its requests per day, and, for those who may read billing (carriers and the
 * platform's admins, not the marketing admin), the Revenue card: the 30 days' revenue, the 30 days
 * before, and each day's revenue beside its requests (days of UTC, like the requests).
 */
export function reviewDashboardTable(
  dashboard: TReviewDashboard,
  meta: { brandName: string; scope: string; generatedAt: Date; revenue?: DashboardRevenue | null },
): ExportTable {
  const count = (n: number) => ({ value: n, text: n.toLocaleString('en-US') });
  const revenue = meta.revenue ?? null;
  const revenueByDay = new Map((revenue?.series ?? []).map((day) => [day.day, day.amount]));
  const days = dashboard.requests
    .filter(
      (day) => day.bots + day.brands + day.aggregators > 0 || Number(revenueByDay.get(day.day) ?? 0) > 0,
    )
    .reverse();
  const revenueColumn = revenue
    ? [{ header: 'Revenue (USD)', width: 80, number: { format: '#,##0.00' } }]
    : [];
  const noRevenue = revenue ? [''] : [];
  return {
    title: `${meta.brandName} dashboard`,
    subtitle: [
      `${meta.scope} · requests per day over the last 30 days`,
      revenue
        ? `revenue ${formatCurrency(revenue.money.revenue)} in the last 30 days, ${revenueTrend(revenue)}`
        : null,
      `counted ${formatDateTime(dashboard.generated_at, '+00:00')} (UTC) · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC)`,
    ]
      .filter(Boolean)
      .join(' · '),
    columns: [
      { header: 'Section', width: 110 },
      { header: 'Name', width: 110 },
      { header: 'Waiting / bots', width: 80, number: { format: '#,##0' } },
      { header: 'Approved / brands', width: 80, number: { format: '#,##0' } },
      { header: 'Rejected / aggregators', width: 90, number: { format: '#,##0' } },
      { header: 'Oldest waiting', width: 150 },
      ...revenueColumn,
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
        ...noRevenue,
      ]),
      ...(revenue
        ? [
            ['Revenue', 'Last 30 days', '', '', '', '', money(revenue.money.revenue)],
            ['Revenue', 'The 30 days before', '', '', '', '', money(revenue.previous_money.revenue)],
          ]
        : []),
      ...days.map((day) => [
        'Requests per day',
        String(formatDate(day.day)),
        count(day.bots),
        count(day.brands),
        count(day.aggregators),
        '',
        ...(revenue ? [money(revenueByDay.get(day.day) ?? '0')] : []),
      ]),
    ],
    emptyText: 'Nothing to count.',
  };
}
