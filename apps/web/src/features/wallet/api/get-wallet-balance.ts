import { type TWalletBalance, ZWalletBalance } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

export const WALLET_QUERY_KEY = ['wallet'] as const;

/** GET the wallet balance (spec: "the wallet balance through a gateway"). */
export async function getWalletBalance(): Promise<TWalletBalance> {
  return ZWalletBalance.parse(await http.get<unknown>('/secure/wallet/balance'));
}

export const walletBalanceQueryOptions = queryOptions({
  queryKey: [...WALLET_QUERY_KEY, 'balance'],
  queryFn: getWalletBalance,
  staleTime: 30_000,
});

export function useWalletBalance(enabled = true) {
  return useQuery({ ...walletBalanceQueryOptions, enabled });
}
