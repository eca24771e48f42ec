import type { TBotFilters } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const bots = queryKeys('bots');

export interface ListWindow {
  start: number;
  end: number;
}

/** The MY BOTS filters a screen sets (search, status, channel, carrier, sort). */
export type BotListFilters = Partial<Omit<TBotFilters, 'carrier_id'>> & { carrier_id?: string | undefined };

/** The bots feature's query keys: lists, one bot, its history, the dashboard, its reference lists. */
export const botKeys = {
  all: bots.all,
  lists: () => bots.key('list'),
  list: (window: ListWindow, filters: BotListFilters) =>
    bots.key('list', window.start, window.end, setFilters({ ...filters })),
  bot: (botId: string) => bots.key('bot', botId),
  history: (botId: string) => bots.key('history', botId),
  dashboard: () => bots.key('dashboard'),
  brands: () => bots.key('brands'),
  lookup: (kind: string) => bots.key('lookup', kind),
};
