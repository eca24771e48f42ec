import { type TTopupRequest, ZTopup } from '@portico/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { walletKeys } from './keys';

/** POST a top-up: the answer carries the provider's checkout URL, where the browser goes to pay. */
export const startTopup = (request: TTopupRequest) => http.post('/secure/wallet/topups', request, ZTopup);

export function useStartTopup() {
  return useMutation({ mutationFn: startTopup });
}

/** GET one top-up (after the checkout sends the browser back). */
export const getTopup = (topupId: string) =>
  http.get(`/secure/wallet/topups/${encodeURIComponent(topupId)}`, ZTopup);

export const topupQueryOptions = (topupId: string) =>
  queryOptions({ queryKey: walletKeys.topup(topupId), queryFn: () => getTopup(topupId) });
