import type { TExportFormat } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { setFilters } from '@/lib/query-keys';
import { downloadList } from './download-list';
import type { WalletHistoryFilters } from './keys';

export type ExportFormat = TExportFormat;

/** Downloads the filtered history as a file. */
export function exportWalletHistory(format: ExportFormat, filters: WalletHistoryFilters): Promise<void> {
  return downloadList(
    '/secure/wallet/transactions/export',
    { format, ...setFilters({ ...filters }) },
    `wallet-history.${format}`,
  );
}

export function useExportWalletHistory() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: WalletHistoryFilters }) =>
      exportWalletHistory(format, filters),
  });
}
