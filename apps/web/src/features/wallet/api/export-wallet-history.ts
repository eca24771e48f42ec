import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import type { WalletHistoryFilters } from './keys';

export type ExportFormat = 'xlsx' | 'pdf';

/** Downloads the filtered history as a file (the response is the file, not the envelope). */
export async function exportWalletHistory(
  format: ExportFormat,
  filters: WalletHistoryFilters,
): Promise<void> {
  let file: { blob: Blob; filename: string | null };
  try {
    file = await http.download('/secure/wallet/transactions/export', {
      params: { format, ...setFilters({ ...filters }) },
    });
  } catch {
    throw new ApiError('The export could not be prepared. Please try again.', {
      statusCode: null,
      httpStatus: 0,
    });
  }
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `wallet-history.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportWalletHistory() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: WalletHistoryFilters }) =>
      exportWalletHistory(format, filters),
  });
}
