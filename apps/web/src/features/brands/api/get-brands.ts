import { type TBrandList, ZBrandList } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type BrandListFilters, brandKeys, type ListWindow } from './keys';

/** GET one window of the brands the caller sees (own, all submitted, or its network's), filtered; reviewers' tab counts. */
export function getBrands(window: ListWindow, filters: BrandListFilters): Promise<TBrandList> {
  return http.get('/secure/brands', ZBrandList, { params: { ...window, ...setFilters({ ...filters }) } });
}

export const brandsQueryOptions = (window: ListWindow, filters: BrandListFilters) =>
  queryOptions({
    queryKey: brandKeys.list(window, filters),
    queryFn: () => getBrands(window, filters),
    placeholderData: keepPreviousData,
  });
