import { formatDateTime, type TBotListItem } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const CHANNEL_NAMES: Record<number, string> = { 1: 'RCS', 2: 'WhatsApp' };

/** A list of bots as an export table (Excel and PDF through platform/export), filters applied. */
export function botsTable(
  items: readonly TBotListItem[],
  meta: { brandName: string; filters: string; generatedAt: Date },
): ExportTable {
  return {
    title: `${meta.brandName} bots`,
    subtitle: `${meta.filters} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC) · ${items.length} bot${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Bot', width: 130 },
      { header: 'Channels', width: 80 },
      { header: 'Status', width: 120 },
      { header: 'Brand', width: 110 },
      { header: 'Carriers', width: 170 },
      { header: 'Updated', width: 100 },
    ],
    rows: items.map((item) => [
      item.name,
      item.channels.map((c) => CHANNEL_NAMES[c.channel_type] ?? String(c.channel_type)).join(' + '),
      item.status.label,
      item.brand?.name ?? '',
      item.carriers.map((c) => `${c.name} (${c.status.label})`).join(', '),
      String(formatDateTime(item.updated_at, '+00:00')),
    ]),
    emptyText: 'No bots match the filters.',
  };
}
