import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { filterParams, type WalletHistoryFilters } from './get-wallet-transactions';
import { useAction } from './use-action';

export type ExportFormat = 'xlsx' | 'pdf';

/** Downloads the filtered history as a file (the response is the file, not the envelope). */
export async function exportWalletHistory(
  format: ExportFormat,
  filters: WalletHistoryFilters,
): Promise<void> {
  let response: { data: Blob; headers: Record<string, unknown> };
  try {
    response = await http.axios.get<Blob>('/secure/wallet/transactions/export', {
      params: { format, ...filterParams(filters) },
      responseType: 'blob',
    });
  } catch {
    throw new ApiError('The export could not be prepared. Please try again.', {
      statusCode: null,
      httpStatus: 0,
    });
  }
  const disposition = String(response.headers['content-disposition'] ?? '');
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `wallet-history.${format}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportWalletHistory() {
  return useAction(({ format, filters }: { format: ExportFormat; filters: WalletHistoryFilters }) =>
    exportWalletHistory(format, filters),
  );
}
