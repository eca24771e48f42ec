import { formatDateTime, type TWebhookDelivery, WEBHOOK_DELIVERY_LABELS } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const NETWORK_NAMES = { rbm: 'Google RBM', maap: 'GSMA MaaP', whatsapp: 'WhatsApp' } as const;

/** A bot's webhook delivery log as an export table (Excel and PDF through platform/export). */
export function deliveriesTable(
  items: readonly TWebhookDelivery[],
  meta: { botName: string; filters: string; generatedAt: Date },
): ExportTable {
  return {
    title: `${meta.botName} webhook deliveries`,
    subtitle: `${meta.filters} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC) · ${items.length} deliver${items.length === 1 ? 'y' : 'ies'}`,
    columns: [
      { header: 'Event', width: 110 },
      { header: 'Network', width: 80 },
      { header: 'Number', width: 100 },
      { header: 'Status', width: 90 },
      { header: 'Code', width: 50 },
      { header: 'Latency (ms)', width: 70 },
      { header: 'Attempts', width: 60 },
      { header: 'Created', width: 110 },
    ],
    rows: items.map((d) => [
      d.kind,
      NETWORK_NAMES[d.network],
      d.msisdn ?? '',
      WEBHOOK_DELIVERY_LABELS[d.status],
      d.response_code === null ? '' : String(d.response_code),
      d.latency_ms === null ? '' : String(d.latency_ms),
      String(d.attempts),
      String(formatDateTime(d.created_at, '+00:00')),
    ]),
    emptyText: 'No deliveries match the filters.',
  };
}
