import { formatDateTime, type TTemplateListItem } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

/** A list of templates as an export table (Excel and PDF through platform/export), filters applied. */
export function templatesTable(
  items: readonly TTemplateListItem[],
  meta: { brandName: string; filters: string; generatedAt: Date },
): ExportTable {
  return {
    title: `${meta.brandName} templates`,
    subtitle: `${meta.filters} · generated ${formatDateTime(meta.generatedAt, '+00:00')} (UTC) · ${items.length} template${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Template', width: 130 },
      { header: 'Bot', width: 110 },
      { header: 'Channel', width: 70 },
      { header: 'Type', width: 80 },
      { header: 'Language', width: 60 },
      { header: 'Status', width: 100 },
      { header: 'Version', width: 60 },
      { header: 'Updated', width: 100 },
    ],
    rows: items.map((item) => [
      item.name,
      item.bot_name,
      item.channel === 'rcs' ? 'RCS' : 'WhatsApp',
      item.type.replace('_', ' '),
      item.language,
      item.status.label,
      item.active_version !== null && item.active_version !== item.version
        ? `${item.version} (v${item.active_version} in use)`
        : String(item.version),
      String(formatDateTime(item.updated_at, '+00:00')),
    ]),
    emptyText: 'No templates match the filters.',
  };
}
