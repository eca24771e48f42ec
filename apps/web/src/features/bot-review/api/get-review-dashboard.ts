import { type TReviewDashboard, ZReviewDashboard } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveExport } from '@/lib/http/save-file';
import { botReviewKeys, type ReviewScope } from './keys';

/** GET the reviewer's dashboard: what waits for the caller, what was decided, requests per day. */
export function getReviewDashboard(scope: ReviewScope): Promise<TReviewDashboard> {
  return http.get(
    scope === 'carrier' ? '/secure/carrier/review-dashboard' : '/secure/review-dashboard',
    ZReviewDashboard,
  );
}

/** Download the dashboard (its cards and requests per day) as Excel or PDF. */
export function exportReviewDashboard(scope: ReviewScope, format: 'xlsx' | 'pdf') {
  return saveExport(
    scope === 'carrier' ? '/secure/carrier/review-dashboard/export' : '/secure/review-dashboard/export',
    format,
    {},
    'dashboard',
  );
}

export const reviewDashboardQueryOptions = (scope: ReviewScope) =>
  queryOptions({
    queryKey: botReviewKeys.dashboard(scope),
    queryFn: () => getReviewDashboard(scope),
    // A reviewer keeps the dashboard open: counts a minute old are fine, older ones are refetched.
    staleTime: 60_000,
  });
