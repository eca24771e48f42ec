import {
  type TBotReviewList,
  type TCarrierBotReviewList,
  ZBotReviewList,
  ZCarrierBotReviewList,
} from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type BotReviewFilters, botReviewKeys, type ListWindow, type ReviewScope, reviewBase } from './keys';

/**
 * GET one window of the launches to review (the platform's, or the carrier's own network's), filtered,
 * with how many each of the scope's tabs holds under the same filters.
 */
export function getBotReviews(
  scope: ReviewScope,
  window: ListWindow,
  filters: BotReviewFilters,
): Promise<TBotReviewList | TCarrierBotReviewList> {
  const config = { params: { ...window, ...setFilters({ ...filters }) } };
  return scope === 'carrier'
    ? http.get(reviewBase(scope), ZCarrierBotReviewList, config)
    : http.get(reviewBase(scope), ZBotReviewList, config);
}

export const botReviewsQueryOptions = (scope: ReviewScope, window: ListWindow, filters: BotReviewFilters) =>
  queryOptions({
    queryKey: botReviewKeys.list(scope, window, filters),
    queryFn: () => getBotReviews(scope, window, filters),
    placeholderData: keepPreviousData,
  });
