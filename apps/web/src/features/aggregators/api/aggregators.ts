import {
  type TAggregator,
  type TAggregatorBillingRequestParsed,
  type TAggregatorFilters,
  type TAggregatorList,
  type TBillingCategory,
  type TListResult,
  type TMyAggregatorBilling,
  type TReviewHistory,
  ZAggregator,
  ZAggregatorList,
  ZBillingCategory,
  ZListResult,
  ZMyAggregatorBilling,
  ZReviewHistory,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { queryKeys, setFilters } from '@/lib/query-keys';

const aggregators = queryKeys('aggregators');
export type AggregatorListFilters = Partial<TAggregatorFilters>;

export const aggregatorKeys = {
  all: aggregators.all,
  list: (window: { start: number; end: number }, filters: AggregatorListFilters) =>
    aggregators.key('list', window.start, window.end, setFilters({ ...filters })),
  one: (partnerId: string) => aggregators.key('one', partnerId),
  history: (partnerId: string) => aggregators.key('history', partnerId),
};

/** GET one window of aggregators with their approval state, and how many each of the caller's tabs holds. */
export const aggregatorsQueryOptions = (
  window: { start: number; end: number },
  filters: AggregatorListFilters,
) =>
  queryOptions({
    queryKey: aggregatorKeys.list(window, filters),
    queryFn: (): Promise<TAggregatorList> =>
      http.get('/secure/aggregators', ZAggregatorList, {
        params: { ...window, ...setFilters({ ...filters }) },
      }),
    placeholderData: keepPreviousData,
  });

/** GET one aggregator with its users and the decisions the caller may take. */
export const aggregatorQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: aggregatorKeys.one(partnerId),
    queryFn: (): Promise<TAggregator> => http.get(`/secure/aggregators/${partnerId}`, ZAggregator),
  });

/** GET the aggregator's approval history. */
export const aggregatorHistoryQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: aggregatorKeys.history(partnerId),
    queryFn: (): Promise<TReviewHistory> =>
      http.get(`/secure/aggregators/${partnerId}/history`, ZReviewHistory, {
        params: { start: 0, end: 100 },
      }),
  });

/** POST the platform's decision (forward, approve, reject with a reason). */
export function useDecideAggregator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      partnerId,
      action,
      reason,
    }: {
      partnerId: string;
      action: string;
      reason?: string | undefined;
    }) => http.post(`/secure/aggregators/${partnerId}/review/${action}`, { reason }, ZAggregator),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}

/** Downloads the filtered list as Excel or PDF. */
export async function exportAggregators(
  format: 'xlsx' | 'pdf',
  filters: AggregatorListFilters,
): Promise<void> {
  const file = await http.download('/secure/aggregators/export', {
    params: { format, ...setFilters({ ...filters }) },
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `aggregators.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST a carrier's decision for its own network (approve, reject with a reason). */
export function useCarrierDecideAggregator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      partnerId,
      action,
      reason,
    }: {
      partnerId: string;
      action: string;
      reason?: string | undefined;
    }) => http.post(`/secure/aggregators/${partnerId}/carrier-review/${action}`, { reason }, ZAggregator),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}

const ZBillingCategoryList = ZListResult(ZBillingCategory);

/** The billing categories (reference data), for the billing info form. */
export const billingCategoriesQueryOptions = queryOptions({
  queryKey: aggregators.key('billing-categories'),
  queryFn: (): Promise<TListResult<TBillingCategory>> =>
    http.get('/reference/billing-categories', ZBillingCategoryList, { params: { start: 0, end: 100 } }),
  staleTime: 60 * 60_000,
});

/** GET the caller's own aggregator billing info (null until set up). */
export const myBillingQueryOptions = queryOptions({
  queryKey: aggregators.key('mine', 'billing'),
  queryFn: (): Promise<TMyAggregatorBilling> =>
    http.get('/secure/aggregators/mine/billing', ZMyAggregatorBilling),
});

/** GET the caller's own aggregator approval history (the decisions and their reasons). */
export const myHistoryQueryOptions = queryOptions({
  queryKey: aggregators.key('mine', 'history'),
  queryFn: (): Promise<TReviewHistory> =>
    http.get('/secure/aggregators/mine/history', ZReviewHistory, { params: { start: 0, end: 100 } }),
});

/** PUT the aggregator's billing info. */
export function useSaveMyBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAggregatorBillingRequestParsed) =>
      http.put('/secure/aggregators/mine/billing', body, ZMyAggregatorBilling),
    onSuccess: (saved) => queryClient.setQueryData(myBillingQueryOptions.queryKey, saved),
  });
}
