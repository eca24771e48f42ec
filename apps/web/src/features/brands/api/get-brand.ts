import { type TBrand, type TReviewHistory, ZBrand, ZReviewHistory } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { brandKeys } from './keys';

/** GET one brand with its carriers, documents, verification and the decisions the caller may take. */
export const brandQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.brand(brandId),
    queryFn: (): Promise<TBrand> => http.get(`/secure/brands/${brandId}`, ZBrand),
  });

/** GET the brand's history (who, when, from, to, why), newest first. */
export const brandHistoryQueryOptions = (brandId: string) =>
  queryOptions({
    queryKey: brandKeys.history(brandId),
    queryFn: (): Promise<TReviewHistory> =>
      http.get(`/secure/brands/${brandId}/history`, ZReviewHistory, { params: { start: 0, end: 100 } }),
  });
