import { type TTopup, type TTopupRequest, ZTopup } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { WALLET_QUERY_KEY } from './get-wallet-balance';
import { useAction } from './use-action';

/** POST a top-up: the answer carries the provider's checkout URL, where the browser goes to pay. */
export async function startTopup(request: TTopupRequest): Promise<TTopup> {
  return ZTopup.parse(await http.post<unknown>('/secure/wallet/topups', request));
}

export function useStartTopup() {
  return useAction(startTopup);
}

export async function getTopup(topupId: string): Promise<TTopup> {
  return ZTopup.parse(await http.get<unknown>(`/secure/wallet/topups/${encodeURIComponent(topupId)}`));
}

export const topupQueryOptions = (topupId: string) =>
  queryOptions({ queryKey: [...WALLET_QUERY_KEY, 'topup', topupId], queryFn: () => getTopup(topupId) });
