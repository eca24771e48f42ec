import {
  type TBot,
  type TBotDashboard,
  type TBotListItem,
  type TBrandListItem,
  type TListResult,
  type TReviewHistory,
  ZBillingCategory,
  ZBot,
  ZBotDashboard,
  ZBotHistory,
  ZBotListItem,
  ZBrandListItem,
  ZListResult,
  ZLookupValue,
} from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { setFilters } from '@/lib/query-keys';
import { type BotListFilters, botKeys, type ListWindow } from './keys';

const ZBotList = ZListResult(ZBotListItem);

/** GET one window of the partner's bots (an aggregator's include its child users'), filtered. */
export function getBots(window: ListWindow, filters: BotListFilters): Promise<TListResult<TBotListItem>> {
  return http.get('/secure/bots', ZBotList, { params: { ...window, ...setFilters({ ...filters }) } });
}

export const botsQueryOptions = (window: ListWindow, filters: BotListFilters) =>
  queryOptions({
    queryKey: botKeys.list(window, filters),
    queryFn: () => getBots(window, filters),
    placeholderData: keepPreviousData,
  });

/** GET the partner's bots counted by status (the next-step cards' progress). */
export const botDashboardQueryOptions = queryOptions({
  queryKey: botKeys.dashboard(),
  queryFn: (): Promise<TBotDashboard> => http.get('/secure/bots/dashboard', ZBotDashboard),
});

/** GET one bot with its channels' details, brand, carriers, network ids and what is locked. */
export const botQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: botKeys.bot(botId),
    queryFn: (): Promise<TBot> => http.get(`/secure/bots/${botId}`, ZBot),
  });

/** GET the bot's history (who, when, from, to, why), newest first. */
export const botHistoryQueryOptions = (botId: string) =>
  queryOptions({
    queryKey: botKeys.history(botId),
    queryFn: (): Promise<TReviewHistory> =>
      http.get(`/secure/bots/${botId}/history`, ZBotHistory, { params: { start: 0, end: 50 } }),
  });

/** The partner's own brands, to pick the bot's brand from (the first 100, newest first). */
export const ownBrandsQueryOptions = queryOptions({
  queryKey: botKeys.brands(),
  queryFn: (): Promise<TListResult<TBrandListItem>> =>
    http.get('/secure/brands', ZListResult(ZBrandListItem), { params: { start: 0, end: 100 } }),
});

const REFERENCE_WINDOW = { start: 0, end: 100 } as const;
const ZLookupList = ZListResult(ZLookupValue);

/** A bot's choice lists from reference data: as {code, id, name}. */
export interface BotChoice {
  id: number;
  code: string;
  name: string;
}

/** Billing categories (RBM): their codes are what a bot stores. */
export const billingCategoriesQueryOptions = queryOptions({
  queryKey: botKeys.lookup('billing-categories'),
  queryFn: async (): Promise<BotChoice[]> => {
    const list = await http.get('/reference/billing-categories', ZListResult(ZBillingCategory), {
      params: REFERENCE_WINDOW,
    });
    return list.items.map((item) => ({ id: item.id, code: item.code, name: item.billingCategoryName }));
  },
  staleTime: 60 * 60_000,
});

const lookup = (kind: 'hosting-regions' | 'chatbot-platforms') =>
  queryOptions({
    queryKey: botKeys.lookup(kind),
    queryFn: async (): Promise<BotChoice[]> =>
      (await http.get(`/reference/${kind}`, ZLookupList, { params: REFERENCE_WINDOW })).items,
    staleTime: 60 * 60_000,
  });

/** RBM agent hosting regions (codes). */
export const hostingRegionsQueryOptions = lookup('hosting-regions');
/** The chatbot platforms a bot can be associated with (ids). */
export const chatbotPlatformsQueryOptions = lookup('chatbot-platforms');
