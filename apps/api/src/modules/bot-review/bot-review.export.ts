import { formatDateTime, type TBotReviewFilters, type TBotReviewListItem } from '@portico/domain';
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
