import { type TLaunchSummary, ZLaunchSummary } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { botReviewKeys, type ReviewScope, reviewBase } from './keys';

/** GET the launch summary a reviewer decides on (a carrier's is scoped to its own network). */
export function getBotReview(scope: ReviewScope, botId: string): Promise<TLaunchSummary> {
  return http.get(`${reviewBase(scope)}/${encodeURIComponent(botId)}`, ZLaunchSummary);
}

export const botReviewQueryOptions = (scope: ReviewScope, botId: string) =>
  queryOptions({
    queryKey: botReviewKeys.launch(scope, botId),
    queryFn: () => getBotReview(scope, botId),
  });
