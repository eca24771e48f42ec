import type { TBotReviewFilters } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const botReview = queryKeys('bot-review');

export interface ListWindow {
  start: number;
  end: number;
}

/** Whose review a screen shows: the platform's (/admin) or the carrier's own network (/billing). */
export type ReviewScope = 'platform' | 'carrier';

/** The review list filters a screen sets (tab, search, channel, carrier, sort). */
export type BotReviewFilters = Partial<Omit<TBotReviewFilters, 'carrier_id'>> & {
  carrier_id?: string | undefined;
};

/** The API path of each scope: the platform's lists, or the carrier's (its own network only). */
export const reviewBase = (scope: ReviewScope) =>
  scope === 'carrier' ? '/secure/carrier/bot-reviews' : '/secure/bot-reviews';

/** The bot-review feature's query keys: lists, one launch, the dashboards. */
export const botReviewKeys = {
  all: botReview.all,
  lists: () => botReview.key('list'),
  list: (scope: ReviewScope, window: ListWindow, filters: BotReviewFilters) =>
    botReview.key('list', scope, window.start, window.end, setFilters({ ...filters })),
  launch: (scope: ReviewScope, botId: string) => botReview.key('launch', scope, botId),
  dashboard: (scope: ReviewScope) => botReview.key('dashboard', scope),
};
