import { ZPricingList } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { type ListWindow, walletKeys } from './keys';

/** GET the PRICING page's list: the caller's region's carriers with the plan in force now. */
export const getPricing = (window: ListWindow, search: string) =>
  http.get('/secure/pricing', ZPricingList, { params: { ...window, ...(search ? { search } : {}) } });

export const pricingQueryOptions = (window: ListWindow, search = '') =>
  queryOptions({
    queryKey: walletKeys.pricing.list(window, search),
    queryFn: () => getPricing(window, search),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
