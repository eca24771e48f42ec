import { type TListResult, type TWalletTransaction, ZListResult, ZWalletTransaction } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type ListWindow, type WalletHistoryFilters, walletKeys } from './keys';

export type { WalletHistoryFilters } from './keys';

const ZTransactionList = ZListResult(ZWalletTransaction);

/** GET one window of the wallet's history, with the filters that are set. */
export function getWalletTransactions(
  window: ListWindow,
  filters: WalletHistoryFilters,
): Promise<TListResult<TWalletTransaction>> {
  return http.get('/secure/wallet/transactions', ZTransactionList, {
    params: { ...window, ...setFilters({ ...filters }) },
  });
}

export const walletTransactionsQueryOptions = (window: ListWindow, filters: WalletHistoryFilters) =>
  queryOptions({
    queryKey: walletKeys.transactions(window, filters),
    queryFn: () => getWalletTransactions(window, filters),
    placeholderData: keepPreviousData,
  });
