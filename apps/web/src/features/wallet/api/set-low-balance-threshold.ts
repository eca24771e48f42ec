import { ZWalletBalance } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { walletBalanceQueryOptions } from './get-wallet-balance';
import { walletKeys } from './keys';

/** PUT the low-balance alert threshold (null: no alert); answers the balance with it. */
export const setLowBalanceThreshold = (threshold: string | null) =>
  http.put('/secure/wallet/low-balance', { threshold }, ZWalletBalance);

export function useSetLowBalanceThreshold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLowBalanceThreshold,
    onSuccess: (balance) => {
      client.setQueryData(walletBalanceQueryOptions.queryKey, balance);
      void client.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
