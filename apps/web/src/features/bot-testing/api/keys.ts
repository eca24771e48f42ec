import type { TTestDevicesQuery } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const keys = queryKeys('bot-testing');

export interface ListWindow {
  start: number;
  end: number;
}
export type DeviceFilters = Partial<Omit<TTestDevicesQuery, 'start' | 'end'>>;

/** The bot-testing feature's query keys: the bot, its devices, one device's conversation. */
export const botTestingKeys = {
  all: keys.all,
  bots: () => keys.key('bots'),
  bot: (botId: string) => keys.key('bot', botId),
  devices: (botId: string) => keys.key('devices', botId),
  deviceList: (botId: string, window: ListWindow, filters: DeviceFilters) =>
    keys.key(
      'devices',
      botId,
      window.start,
      window.end,
      setFilters({
        search: filters.search,
        channel: filters.channel,
        invite_status: filters.invite_status,
        sort: filters.sort,
        order: filters.order,
      }),
    ),
  conversation: (botId: string, deviceId: string) => keys.key('conversation', botId, deviceId),
  price: (botId: string, deviceId: string) => keys.key('price', botId, deviceId),
};
