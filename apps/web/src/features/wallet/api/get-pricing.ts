import { type TPricingList, ZPricingList } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** GET the PRICING page's list: the caller's region's carriers with the plan in force now. */
export async function getPricing(params: {
  start: number;
  end: number;
  search?: string | undefined;
}): Promise<TPricingList> {
  const query = { start: params.start, end: params.end, ...(params.search ? { search: params.search } : {}) };
  return ZPricingList.parse(await http.get<unknown>('/secure/pricing', { params: query }));
}

export const pricingQueryOptions = (params: { start: number; end: number; search?: string | undefined }) =>
  queryOptions({
    queryKey: ['pricing', params.start, params.end, params.search ?? ''],
    queryFn: () => getPricing(params),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
