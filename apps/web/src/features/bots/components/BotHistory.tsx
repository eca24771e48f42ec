import { useQuery } from '@tanstack/react-query';
import { HistoryPanel } from '@/lib/ui/HistoryPanel';
import { botHistoryQueryOptions } from '../api/get-bots';

/** The bot's history: what happened, when, from which state to which, by whom and why. */
export function BotHistory({ botId }: { botId: string }) {
  const history = useQuery(botHistoryQueryOptions(botId));
  return <HistoryPanel query={history} id="bot-history" />;
}
