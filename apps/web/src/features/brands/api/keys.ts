import type { TBrandFilters } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const brands = queryKeys('brands');

export interface ListWindow {
  start: number;
  end: number;
}

/** The list filters a screen sets (search, status, sort). */
export type BrandListFilters = Partial<TBrandFilters>;

/** The brands feature's query keys: lists, one brand, its history. */
export const brandKeys = {
  all: brands.all,
  lists: () => brands.key('list'),
  list: (window: ListWindow, filters: BrandListFilters) =>
    brands.key('list', window.start, window.end, setFilters({ ...filters })),
  brand: (brandId: string) => brands.key('brand', brandId),
  history: (brandId: string) => brands.key('history', brandId),
};
