import { type TBulkDecisionRequest, type TBulkDecisionResult, ZBulkDecisionResult } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { aggregatorKeys } from './aggregators';

/** Bulk approve or reject of aggregators, by the platform or a carrier for its own network: each one's outcome. */
export function bulkDecideAggregators(
  scope: 'platform' | 'carrier',
  request: TBulkDecisionRequest,
): Promise<TBulkDecisionResult> {
  const path =
    scope === 'carrier' ? '/secure/aggregators/bulk-carrier-review' : '/secure/aggregators/bulk-review';
  return http.post(path, request, ZBulkDecisionResult);
}

export function useBulkDecideAggregators(scope: 'platform' | 'carrier') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TBulkDecisionRequest) => bulkDecideAggregators(scope, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: aggregatorKeys.all }),
  });
}
