import { formatDateTime, TESTER_INVITE_LABELS, type TTestDevice } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

/** A bot's test devices as an export table (Excel and PDF through platform/export), filters applied. */
export function testDevicesTable(
  items: readonly TTestDevice[],
  meta: { botName: string; filters: string; generatedAt: Date },
): ExportTable {
  return {
    title: `${meta.botName} test devices`,
    subtitle: `${meta.filters} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC) · ${items.length} device${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Number', width: 120 },
      { header: 'Channel', width: 80 },
      { header: 'Invite', width: 110 },
      { header: 'Capability', width: 140 },
      { header: 'Invited', width: 110 },
      { header: 'Added', width: 110 },
    ],
    rows: items.map((d) => [
      d.msisdn,
      d.channel === 'rcs' ? 'RCS' : 'WhatsApp',
      d.invite_status ? TESTER_INVITE_LABELS[d.invite_status] : 'No invite',
      d.capable === null
        ? 'Not checked'
        : d.capable
          ? `Capable (${d.features.join(', ') || 'on WhatsApp'})`
          : 'Not capable',
      d.invited_at ? String(formatDateTime(d.invited_at, '+00:00')) : '',
      String(formatDateTime(d.created_at, '+00:00')),
    ]),
    emptyText: 'No test devices match the filters.',
  };
}
