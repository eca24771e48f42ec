import { ZWalletBalance } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { walletKeys } from './keys';

/** GET the wallet balance (spec: "the wallet balance through a gateway"). */
export const getWalletBalance = () => http.get('/secure/wallet/balance', ZWalletBalance);

export const walletBalanceQueryOptions = queryOptions({
  queryKey: walletKeys.balance(),
  queryFn: getWalletBalance,
  staleTime: 30_000,
});

export function useWalletBalance(enabled = true) {
  return useQuery({ ...walletBalanceQueryOptions, enabled });
}
