import { formatDateTime, type TBrandListItem } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

/** A list of brands as an export table (Excel and PDF through platform/export), filters applied. */
export function brandsTable(
  items: readonly TBrandListItem[],
  meta: { brandName: string; filters: string; generatedAt: Date },
): ExportTable {
  const withCarrierStatus = items.some((item) => item.carrier_status !== null);
  return {
    title: `${meta.brandName} brands`,
    subtitle: `${meta.filters} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC) · ${items.length} brand${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Brand', width: 140 },
      { header: 'Partner', width: 130 },
      { header: 'Industry', width: 110 },
      { header: 'Status', width: 110 },
      ...(withCarrierStatus ? [{ header: 'Your network', width: 100 }] : []),
      { header: 'Carriers', width: 150 },
      { header: 'Updated', width: 100 },
    ],
    rows: items.map((item) => [
      item.name,
      item.partner_name,
      item.industry_type,
      item.status.label,
      ...(withCarrierStatus ? [item.carrier_status?.label ?? ''] : []),
      item.carriers.join(', '),
      String(formatDateTime(item.updated_at, '+00:00')),
    ]),
    emptyText: 'No brands match the filters.',
  };
}
