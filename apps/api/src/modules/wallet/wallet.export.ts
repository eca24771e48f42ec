import { formatCurrency, formatDateTime, type TWalletTransaction } from '@portico/domain';
import type { ExportTable } from '../../platform/export/tables.ts';

const MONEY = { format: '#,##0.00####' };

/** The wallet history as an export table (Excel and PDF through platform/export). */
export function walletHistoryTable(
  items: readonly TWalletTransaction[],
  meta: { brandName: string; balance: string; generatedAt: Date },
  offset = '+00:00',
): ExportTable {
  return {
    title: `${meta.brandName} wallet history`,
    subtitle: `Balance ${formatCurrency(meta.balance)} · generated ${formatDateTime(meta.generatedAt, offset)} (UTC${offset}) · ${items.length} transaction${items.length === 1 ? '' : 's'}`,
    columns: [
      { header: 'Date', width: 110 },
      { header: 'Description', width: 230 },
      { header: 'Type', width: 60 },
      // Decimal strings of at most 6 places: exact as doubles for display at 2-6 places.
      { header: 'Amount (USD)', width: 80, number: MONEY },
      { header: 'Running balance (USD)', width: 100, number: MONEY },
      { header: 'Reference', width: 180 },
    ],
    rows: items.map((item) => [
      String(formatDateTime(item.created_at, offset)),
      item.description,
      item.hold_status ? `${item.kind} (${item.hold_status})` : item.kind,
      { value: Number(item.amount), text: formatCurrency(item.amount) },
      { value: Number(item.running_balance), text: formatCurrency(item.running_balance) },
      item.reference ?? '',
    ]),
    emptyText: 'No transactions match the filters.',
  };
}
