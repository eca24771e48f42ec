import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { BOT_STATUS, type TBotListItem } from '@portico/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { PageFrame } from '@/lib/ui/PageFrame';
import { TextInput } from '@/lib/ui/TextInput';
import { credentialsQueryOptions } from '../api/credentials';
import { partnerApiKeys } from '../api/keys';
import { apiBotsQueryOptions } from '../api/webhook';
import { CredentialsPanel } from '../components/CredentialsPanel';
import { DeliveryLog } from '../components/DeliveryLog';
import { EndpointsPanel } from '../components/EndpointsPanel';
import { UsagePanel } from '../components/UsagePanel';
import { WebhookPanel } from '../components/WebhookPanel';

const CRUMBS = [{ label: 'Developer console', to: '/u/dashboard' }];

/**
 * The bot the page opens on when the URL names none: the first bot (in the list's order, the most
 * recently changed first) that can use the API, i.e. is registered on a network (one of its API
 * shapes has an id), else the first bot. A bot still in its details step is not registered
 * anywhere yet, so it is not asked about; the others are asked in order until one has an id, and
 * the credentials read on the way are the ones the panels then show.
 */
async function firstBotForTheApi(queryClient: QueryClient, bots: TBotListItem[]): Promise<string> {
  for (const bot of bots) {
    if (bot.status.code === BOT_STATUS.in_progress) continue;
    try {
      const info = await queryClient.fetchQuery(credentialsQueryOptions(bot.bot_id));
      if (info.endpoints.some((endpoint) => endpoint.id !== null)) return bot.bot_id;
    } catch {
      // This bot's API info could not be read: the next one is asked (the first bot is the fallback).
    }
  }
  return bots[0]?.bot_id ?? '';
}

/**
 * The API page (/u/api?botId=...): per bot, how the partner's server talks through it (API type,
 * base URLs, credentials), what it used (messages, events, money charged) and how the bot's events
 * come back (webhook, signing secret, delivery log). Without a bot in the URL it opens on the first
 * bot that can use the API (firstBotForTheApi).
 */
export default function ApiPage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const bots = useQuery(apiBotsQueryOptions());
  const options = bots.data?.items ?? [];
  const chosen = params.get('botId');
  // Under the bots' key: a refreshed bot list chooses again.
  const firstForApi = useQuery({
    queryKey: [...partnerApiKeys.bots(), 'first-for-api', options.map((b) => b.bot_id)],
    queryFn: () => firstBotForTheApi(queryClient, options),
    enabled: chosen === null && options.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const choosing = chosen === null && options.length > 0 && firstForApi.isPending;
  const botId = chosen ?? firstForApi.data ?? '';
  const known = options.some((b) => b.bot_id === botId);

  return (
    <PageFrame
      title="API"
      breadcrumbs={CRUMBS}
      description="Connect your own server to a bot: credentials and endpoints in the bot's API shape, and its events delivered to your webhook."
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {(bots.isPending || choosing) && (
          <Box role="status" sx={{ color: 'text.secondary' }}>
            Loading your bots…
          </Box>
        )}
        {bots.isError && (
          <Alert severity="error">Your bots could not be listed: {errorMessage(bots.error)}</Alert>
        )}
        {bots.data && options.length === 0 && (
          <EmptyState
            title="No bots yet"
            message={
              <>
                The API works per bot.{' '}
                <Link component={RouterLink} to="/u/dashboard">
                  Create a bot
                </Link>{' '}
                first.
              </>
            }
          />
        )}
        {options.length > 0 && !choosing && (
          <TextInput
            select
            label="Bot"
            size="small"
            value={known ? botId : ''}
            onChange={(event) => setParams({ botId: event.target.value }, { replace: true })}
            sx={{ maxWidth: 420 }}
          >
            {options.map((b) => (
              <option key={b.bot_id} value={b.bot_id}>
                {b.name}
              </option>
            ))}
          </TextInput>
        )}
        {known && (
          <>
            <EndpointsPanel key={`endpoints-${botId}`} botId={botId} />
            <CredentialsPanel key={`credentials-${botId}`} botId={botId} />
            <UsagePanel key={`usage-${botId}`} botId={botId} />
            <WebhookPanel key={`webhook-${botId}`} botId={botId} />
            <DeliveryLog key={`log-${botId}`} botId={botId} />
          </>
        )}
      </Box>
    </PageFrame>
  );
}
