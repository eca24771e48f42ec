import {
  CAMPAIGN_FAILURE_REASON_LABELS,
  CAMPAIGN_FAILURE_REASONS,
  CAMPAIGN_STATUS_LABELS,
  formatCurrency,
  formatDateTime,
  type TCampaignDetails,
  type TCampaignListItem,
} from '@portico/domain';
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

/**
 * One campaign's details as a one-page summary (Excel and PDF through platform/export): what it sends
 * to whom and when, its counts (failures by reason), and its cost. At most about 30 lines, so the
 * PDF is one landscape page; times in the campaign's zone.
 */
export function campaignSummaryTable(c: TCampaignDetails, generatedAt: Date): ExportTable {
  const at = (iso: string | null) => (iso ? String(formatDateTime(iso, c.time_zone)) : '');
  const n = (value: number) => value.toLocaleString('en-US');
  const usd = (value: string) => formatCurrency(value);
  const { counts } = c.live;
  const line = (item: string, value: string): [string, string] => [item, value];
  const rows: [string, string][] = [
    line('Partner', c.partner_name),
    line('Bot', `${c.bot_name} (${c.channel === 'rcs' ? 'RCS' : 'WhatsApp'})`),
    line('Template', c.template_name),
    line('Audience', c.audience_name),
    line('Status', `${CAMPAIGN_STATUS_LABELS[c.status]}${c.paused ? ' (paused)' : ''}`),
    line('Scheduled', c.scheduled_at ? at(c.scheduled_at) : 'Now'),
    line('Started', at(c.started_at)),
    line('Ended', at(c.ended_at)),
    ...(c.end_reason ? [line('Reason', c.end_reason)] : []),
    line('Recipients', n(counts.recipients)),
    line('Queued', n(counts.queued)),
    line('Sent', n(counts.sent)),
    line('Delivered', n(counts.delivered)),
    line('Read', n(counts.read)),
    line('Failed', n(counts.failed)),
    ...CAMPAIGN_FAILURE_REASONS.filter((r) => counts.failed_by_reason[r] > 0).map((r) =>
      line(`Failed: ${CAMPAIGN_FAILURE_REASON_LABELS[r]}`, n(counts.failed_by_reason[r])),
    ),
    line('Skipped (not reachable)', n(counts.skipped)),
    line('Sent as SMS', n(counts.fallback_sms)),
    line('Replied', n(counts.replied)),
    line('Clicked', n(counts.clicked)),
    line('Estimate (USD)', usd(c.estimate_total)),
    line('Charged (USD)', usd(c.live.charged)),
    line('Held now (USD)', usd(c.live.held)),
    line('Released (USD)', usd(c.live.released)),
  ];
  return {
    title: `Campaign ${c.name}`.slice(0, 120),
    subtitle: `Summary · ${stamp(generatedAt)} · times in ${c.time_zone}`,
    columns: [
      { header: 'Item', width: 200 },
      { header: 'Value', width: 560 },
    ],
    rows,
    emptyText: '',
  };
}
