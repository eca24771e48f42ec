import { queryKeys } from '@/lib/query-keys';

const launches = queryKeys('launches');

/** The launches feature's query keys: per bot, the draft, carriers, pre-flight, pricing and summary. */
export const launchKeys = {
  all: launches.all,
  bot: (botId: string) => launches.key('bot', botId),
  draft: (botId: string) => launches.key('bot', botId, 'draft'),
  carriers: (botId: string) => launches.key('bot', botId, 'carriers'),
  preflight: (botId: string) => launches.key('bot', botId, 'preflight'),
  pricing: (botId: string) => launches.key('bot', botId, 'pricing'),
  summary: (botId: string) => launches.key('bot', botId, 'summary'),
  wallet: () => launches.key('wallet'),
};
