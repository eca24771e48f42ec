import { type PricingSort, ZPricingList } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { type ListOrder, type ListWindow, walletKeys } from './keys';

/** GET the PRICING page's list: the caller's region's carriers with the plan in force now. */
export const getPricing = (window: ListWindow, search: string, order?: ListOrder<PricingSort['sort']>) =>
  http.get('/secure/pricing', ZPricingList, {
    params: { ...window, ...(search ? { search } : {}), ...(order ?? {}) },
  });

export const pricingQueryOptions = (
  window: ListWindow,
  search = '',
  order?: ListOrder<PricingSort['sort']>,
) =>
  queryOptions({
    queryKey: walletKeys.pricing.list(window, search, order),
    queryFn: () => getPricing(window, search, order),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
