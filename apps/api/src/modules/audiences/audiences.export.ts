import {
  AUDIENCE_STATUS_LABELS,
  formatAudienceBytes,
  formatDateTime,
  OPT_OUT_SOURCE_LABELS,
  type TAudience,
  type TOptOut,
} from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const count = { format: '#,##0' };
const n = (value: number) => ({ value, text: value.toLocaleString('en-US') });
const stamp = (at: Date) => `generated ${formatDateTime(at.toISOString(), '+00:00')} (UTC)`;

/** The partner's opt-out list as an export table (Excel and PDF through platform/export). */
export function optOutsTable(
  items: readonly TOptOut[],
  meta: { filters: string; generatedAt: Date },
): ExportTable {
  return {
    title: 'Opt-out list',
    subtitle: `${meta.filters} · ${stamp(meta.generatedAt)} · ${items.length} number${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Number', width: 110 },
      { header: 'Source', width: 140 },
      { header: 'Bot', width: 120 },
      { header: 'Detail', width: 90 },
      { header: 'Opted out', width: 120 },
    ],
    rows: items.map((o) => [
      o.msisdn,
      OPT_OUT_SOURCE_LABELS[o.source],
      o.bot_name ?? '',
      o.source_detail ?? '',
      String(formatDateTime(o.opted_out_at, '+00:00')),
    ]),
    emptyText: 'No numbers match the filters.',
  };
}

/** The partner's audiences as an export table. */
export function audiencesTable(
  items: readonly TAudience[],
  meta: { filters: string; generatedAt: Date },
): ExportTable {
  return {
    title: 'Audiences',
    subtitle: `${meta.filters} · ${stamp(meta.generatedAt)} · ${items.length} audience${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Name', width: 120 },
      { header: 'File', width: 120 },
      { header: 'Size', width: 60 },
      { header: 'Status', width: 60 },
      { header: 'Read', width: 60, number: count },
      { header: 'Kept', width: 60, number: count },
      { header: 'Refused', width: 60, number: count },
      { header: 'Uploaded', width: 110 },
    ],
    rows: items.map((a) => [
      a.name,
      a.file_name,
      formatAudienceBytes(a.bytes),
      AUDIENCE_STATUS_LABELS[a.status],
      n(a.read),
      n(a.kept),
      n(a.refused),
      String(formatDateTime(a.created_at, '+00:00')),
    ]),
    emptyText: 'No audiences match the filters.',
  };
}
