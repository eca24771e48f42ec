import { PARTNER_USAGE_DEFAULT_DAYS, ZPartnerUsage } from '@portico/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { partnerApiKeys } from './keys';

const USAGE_URL = '/secure/partner-api/usage';
const DAY_MS = 86_400_000;
/** How often a usage with pending charges is read again. */
const PENDING_REFRESH_MS = 15_000;

export interface UsageWindow {
  from: string;
  to: string;
}

/** The page's default window: the last 30 days (UTC), today included, as the API reads it unless told. */
export function defaultUsageWindow(now = new Date()): UsageWindow {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (PARTNER_USAGE_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** A bot's API usage in a window of days: per day, per carrier and in total, with the money charged. */
export const usageQueryOptions = (botId: string, window: UsageWindow) =>
  queryOptions({
    queryKey: partnerApiKeys.usage(botId, window.from, window.to),
    queryFn: () => http.get(USAGE_URL, ZPartnerUsage, { params: { bot_id: botId, ...window } }),
    // Pending charges settle within about a minute: look again until none is left.
    refetchInterval: (query) => ((query.state.data?.totals.pending ?? 0) > 0 ? PENDING_REFRESH_MS : false),
  });

/** Downloads the bot's usage as Excel or PDF (the response is the file). */
async function exportUsage(botId: string, format: 'xlsx' | 'pdf', window: UsageWindow) {
  const file = await http.download(`${USAGE_URL}/export`, { params: { format, bot_id: botId, ...window } });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? `api-usage.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportUsage(botId: string) {
  return useMutation({
    mutationFn: ({ format, window }: { format: 'xlsx' | 'pdf'; window: UsageWindow }) =>
      exportUsage(botId, format, window),
  });
}
