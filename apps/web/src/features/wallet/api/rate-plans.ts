import { type TExportFormat, type TRatePlanCreate, ZListResult, ZRatePlan } from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { downloadList } from './download-list';
import { type ListWindow, type RatePlanFilters, walletKeys } from './keys';

const ZRatePlanList = ZListResult(ZRatePlan);

/** The list's filters as the API reads them (unset ones left out). */
const paramsOf = ({ carrierId, search, sort }: RatePlanFilters) => ({
  ...(carrierId ? { carrier_id: carrierId } : {}),
  ...(search ? { search } : {}),
  ...(sort ?? {}),
});

/** GET one window of rate plan versions: every carrier's or one carrier's, matching the search. */
export const getRatePlans = (window: ListWindow, filters: RatePlanFilters) =>
  http.get('/secure/rate-plans', ZRatePlanList, { params: { ...window, ...paramsOf(filters) } });

export const ratePlansQueryOptions = (window: ListWindow, filters: RatePlanFilters = {}) =>
  queryOptions({
    queryKey: walletKeys.ratePlans.list(window, filters),
    queryFn: () => getRatePlans(window, filters),
    placeholderData: keepPreviousData,
  });

/** Downloads the filtered versions as Excel or PDF. */
export function useExportRatePlans() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: TExportFormat; filters: RatePlanFilters }) =>
      downloadList('/secure/rate-plans/export', { format, ...paramsOf(filters) }, `rate-plans.${format}`),
  });
}

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
