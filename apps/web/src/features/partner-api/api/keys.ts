import type { TWebhookDeliveriesQuery } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const keys = queryKeys('partner-api');

export interface ListWindow {
  start: number;
  end: number;
}
export type DeliveryFilters = Partial<Pick<TWebhookDeliveriesQuery, 'status' | 'kind' | 'sort' | 'order'>>;

/** The partner-api feature's query keys: the bots to pick from, a bot's credentials, usage, webhook and delivery log. */
export const partnerApiKeys = {
  all: keys.all,
  bots: () => keys.key('bots'),
  webhook: (botId: string) => keys.key('webhook', botId),
  credentials: (botId: string) => keys.key('credentials', botId),
  usage: (botId: string, from: string, to: string) => keys.key('usage', botId, from, to),
  deliveries: (botId: string) => keys.key('deliveries', botId),
  deliveryList: (botId: string, window: ListWindow, filters: DeliveryFilters) =>
    keys.key(
      'deliveries',
      botId,
      window.start,
      window.end,
      setFilters({ status: filters.status, kind: filters.kind, sort: filters.sort, order: filters.order }),
    ),
};
