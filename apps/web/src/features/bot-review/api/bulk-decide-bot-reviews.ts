import { type TBulkDecisionRequest, type TBulkDecisionResult, ZBulkDecisionResult } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { botReviewKeys, type ReviewScope, reviewBase } from './keys';

/** The platform's or a carrier's bulk approve or reject: each launch's outcome. */
export function bulkDecideBotReviews(
  scope: ReviewScope,
  request: TBulkDecisionRequest,
): Promise<TBulkDecisionResult> {
  return http.post(`${reviewBase(scope)}/bulk-decision`, request, ZBulkDecisionResult);
}

export function useBulkDecideBotReviews(scope: ReviewScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TBulkDecisionRequest) => bulkDecideBotReviews(scope, request),
    // Some may have been decided even when others were refused: every list and launch is read again.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: botReviewKeys.all });
    },
  });
}
