import { type TWalletBalance, ZWalletBalance } from '@portico/domain';
import { useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { WALLET_QUERY_KEY, walletBalanceQueryOptions } from './get-wallet-balance';
import { useAction } from './use-action';

/** PUT the low-balance alert threshold (null: no alert). */
export async function setLowBalanceThreshold(threshold: string | null): Promise<TWalletBalance> {
  return ZWalletBalance.parse(await http.put<unknown>('/secure/wallet/low-balance', { threshold }));
}

export function useSetLowBalanceThreshold() {
  const client = useQueryClient();
  return useAction(setLowBalanceThreshold, (balance) => {
    client.setQueryData(walletBalanceQueryOptions.queryKey, balance);
    void client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
  });
}
