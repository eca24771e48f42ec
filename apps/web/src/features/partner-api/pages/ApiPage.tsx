import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { PageFrame } from '@/lib/ui/PageFrame';
import { apiBotsQueryOptions } from '../api/webhook';
import { CredentialsPanel } from '../components/CredentialsPanel';
import { DeliveryLog } from '../components/DeliveryLog';
import { EndpointsPanel } from '../components/EndpointsPanel';
import { UsagePanel } from '../components/UsagePanel';
import { WebhookPanel } from '../components/WebhookPanel';

const CRUMBS = [{ label: 'Developer console', to: '/u/dashboard' }];

/**
 * The API page (/u/api?botId=...): per bot, how the partner's server talks through it (API type,
 * base URLs, credentials), what it used (messages, events, money charged) and how the bot's events
 * come back (webhook, signing secret, delivery log).
 */
export default function ApiPage() {
  const [params, setParams] = useSearchParams();
  const bots = useQuery(apiBotsQueryOptions());
  const options = bots.data?.items ?? [];
  const botId = params.get('botId') ?? options[0]?.bot_id ?? '';
  const known = options.some((b) => b.bot_id === botId);

  return (
    <PageFrame
      title="API"
      breadcrumbs={CRUMBS}
      description="Connect your own server to a bot: credentials and endpoints in the bot's API shape, and its events delivered to your webhook."
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        {bots.isPending && (
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
        {options.length > 0 && (
          <TextField
            select
            label="Bot"
            size="small"
            value={known ? botId : ''}
            onChange={(event) => setParams({ botId: event.target.value }, { replace: true })}
            sx={{ maxWidth: 420 }}
          >
            {options.map((b) => (
              <MenuItem key={b.bot_id} value={b.bot_id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
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
