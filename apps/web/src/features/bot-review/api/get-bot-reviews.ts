import { type TBotReviewList, ZBotReviewList } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type BotReviewFilters, botReviewKeys, type ListWindow, type ReviewScope, reviewBase } from './keys';

/** GET one window of the launches to review (the platform's, or the carrier's own network's), filtered. */
export function getBotReviews(
  scope: ReviewScope,
  window: ListWindow,
  filters: BotReviewFilters,
): Promise<TBotReviewList> {
  return http.get(reviewBase(scope), ZBotReviewList, {
    params: { ...window, ...setFilters({ ...filters }) },
  });
}

export const botReviewsQueryOptions = (scope: ReviewScope, window: ListWindow, filters: BotReviewFilters) =>
  queryOptions({
    queryKey: botReviewKeys.list(scope, window, filters),
    queryFn: () => getBotReviews(scope, window, filters),
    placeholderData: keepPreviousData,
  });
