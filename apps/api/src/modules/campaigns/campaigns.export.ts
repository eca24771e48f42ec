import { CAMPAIGN_STATUS_LABELS, formatDateTime, type TCampaignListItem } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const stamp = (at: Date) => `generated ${formatDateTime(at.toISOString(), '+00:00')} (UTC)`;

/** Campaigns as an export table (Excel and PDF through platform/export); dates in each campaign's zone. */
export function campaignsTable(
  items: readonly TCampaignListItem[],
  meta: { title: string; filters: string; generatedAt: Date; withPartner: boolean },
): ExportTable {
  return {
    title: meta.title,
    subtitle: `${meta.filters} · ${stamp(meta.generatedAt)} · ${items.length} campaign${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Name', width: 120 },
      ...(meta.withPartner ? [{ header: 'Partner', width: 100 }] : []),
      { header: 'Bot', width: 90 },
      { header: 'Channel', width: 55 },
      { header: 'Status', width: 65 },
      { header: 'Recipients', width: 60 },
      { header: 'Sent', width: 50 },
      { header: 'Delivered', width: 55 },
      { header: 'Failed', width: 50 },
      { header: 'Scheduled', width: 110 },
      { header: 'Cost (USD)', width: 60 },
    ],
    rows: items.map((c) => [
      c.name,
      ...(meta.withPartner ? [c.partner_name] : []),
      c.bot_name,
      c.channel === 'rcs' ? 'RCS' : 'WhatsApp',
      `${CAMPAIGN_STATUS_LABELS[c.status]}${c.paused ? ' (paused)' : ''}`,
      String(c.recipients),
      String(c.sent),
      String(c.delivered),
      String(c.failed),
      c.scheduled_at ? String(formatDateTime(c.scheduled_at, c.time_zone)) : 'Now',
      Number(c.charged).toFixed(2),
    ]),
    emptyText: 'No campaigns match the filters.',
  };
}
