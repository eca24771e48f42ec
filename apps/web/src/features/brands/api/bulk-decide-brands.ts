import { type TBulkDecisionRequest, type TBulkDecisionResult, ZBulkDecisionResult } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { brandKeys } from './keys';

/** Whose review: the platform's, or a carrier's for its own network. */
export type BrandReviewScope = 'platform' | 'carrier';

/** Bulk approve or reject of brands: each brand's outcome. */
export function bulkDecideBrands(
  scope: BrandReviewScope,
  request: TBulkDecisionRequest,
): Promise<TBulkDecisionResult> {
  const path = scope === 'carrier' ? '/secure/brands/bulk-carrier-review' : '/secure/brands/bulk-review';
  return http.post(path, request, ZBulkDecisionResult);
}

export function useBulkDecideBrands(scope: BrandReviewScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TBulkDecisionRequest) => bulkDecideBrands(scope, request),
    // Some may have been decided even when others were refused: every list and brand is read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: brandKeys.all });
    },
  });
}
