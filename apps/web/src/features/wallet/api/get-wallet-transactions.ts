import {
  type LedgerTransactionKind,
  type TListResult,
  type TWalletTransaction,
  ZListResult,
  ZWalletTransaction,
} from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { WALLET_QUERY_KEY } from './get-wallet-balance';

const ZTransactionList = ZListResult(ZWalletTransaction);

export interface WalletHistoryFilters {
  kind?: LedgerTransactionKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

/** Only the filters that are set, as query parameters. */
export function filterParams(filters: WalletHistoryFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}

export async function getWalletTransactions(
  window: { start: number; end: number },
  filters: WalletHistoryFilters,
): Promise<TListResult<TWalletTransaction>> {
  const params = { ...window, ...filterParams(filters) };
  return ZTransactionList.parse(await http.get<unknown>('/secure/wallet/transactions', { params }));
}

export const walletTransactionsQueryOptions = (
  window: { start: number; end: number },
  filters: WalletHistoryFilters,
) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'transactions', window.start, window.end, filterParams(filters)],
    queryFn: () => getWalletTransactions(window, filters),
    placeholderData: keepPreviousData,
  });
