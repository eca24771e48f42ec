import { type TRatePlanCreate, ZListResult, ZRatePlan } from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { type ListWindow, walletKeys } from './keys';

const ZRatePlanList = ZListResult(ZRatePlan);

/** GET one window of rate plan versions, every carrier's or one carrier's (0: all). */
export const getRatePlans = (window: ListWindow, carrierId: number) =>
  http.get('/secure/rate-plans', ZRatePlanList, {
    params: { ...window, ...(carrierId ? { carrier_id: carrierId } : {}) },
  });

export const ratePlansQueryOptions = (window: ListWindow, carrierId = 0) =>
  queryOptions({
    queryKey: walletKeys.ratePlans.list(window, carrierId),
    queryFn: () => getRatePlans(window, carrierId),
    placeholderData: keepPreviousData,
  });

/** POST a new version of a carrier's plan (read-write platform admins). */
export const createRatePlan = (body: TRatePlanCreate) => http.post('/secure/rate-plans', body, ZRatePlan);

export function useCreateRatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRatePlan,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: walletKeys.ratePlans.all }),
        client.invalidateQueries({ queryKey: walletKeys.pricing.all }),
      ]),
  });
}
