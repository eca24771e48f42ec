import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { PageFrame } from '@/lib/ui/PageFrame';
import { TextInput } from '@/lib/ui/TextInput';
import { botsToTestQueryOptions, testBotQueryOptions } from '../api/bot-testing';
import { ConversationPanel } from '../components/ConversationPanel';
import { DevicesPanel } from '../components/DevicesPanel';

const CRUMBS = [{ label: 'Developer console', to: '/u/dashboard' }];

/**
 * The bot console (/u/bot-console?botId=...&deviceId=...): pick a bot and one of its test devices,
 * manage the devices (invites, capability), and talk to the device live.
 */
export default function BotConsolePage() {
  const [params, setParams] = useSearchParams();
  const botId = params.get('botId') ?? '';
  const deviceId = params.get('deviceId');
  const bots = useQuery(botsToTestQueryOptions());
  const bot = useQuery({ ...testBotQueryOptions(botId), enabled: botId !== '' });
  const choose = (next: { botId?: string; deviceId?: string | null }) => {
    const values = new URLSearchParams();
    const nextBot = next.botId ?? botId;
    if (nextBot) values.set('botId', nextBot);
    const nextDevice =
      next.botId !== undefined ? null : next.deviceId === undefined ? deviceId : next.deviceId;
    if (nextDevice) values.set('deviceId', nextDevice);
    setParams(values, { replace: true });
  };

  const options = bots.data?.items ?? [];
  const known = options.some((b) => b.bot_id === botId);
  return (
    <PageFrame
      title="Bot Console"
      breadcrumbs={CRUMBS}
      description="Invite test devices, send test messages and talk to a device live, before any carrier is involved."
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          select
          label="Bot"
          size="small"
          value={known || bot.data ? botId : ''}
          onChange={(event) => choose({ botId: event.target.value })}
          helperText={bots.isError ? `Your bots could not be listed: ${errorMessage(bots.error)}` : undefined}
          sx={{ maxWidth: 420 }}
        >
          {options.map((b) => (
            <option key={b.bot_id} value={b.bot_id}>
              {b.name}
            </option>
          ))}
          {!known && bot.data && <option value={bot.data.bot_id}>{bot.data.name}</option>}
        </TextInput>
        {!botId && (
          <EmptyState
            title="Choose a bot"
            message={
              <>
                Pick one of your bots above to test it, or{' '}
                <Link component={RouterLink} to="/u/dashboard">
                  go to My Bots
                </Link>
                .
              </>
            }
          />
        )}
        {botId && bot.isError && <Alert severity="error">{errorMessage(bot.error)}</Alert>}
        {botId && bot.isPending && (
          <Box role="status" sx={{ color: 'text.secondary' }}>
            Loading the bot…
          </Box>
        )}
        {bot.data && (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
            }}
          >
            <DevicesPanel bot={bot.data} selected={deviceId} onSelect={(id) => choose({ deviceId: id })} />
            {deviceId ? (
              <ConversationPanel key={deviceId} botId={bot.data.bot_id} deviceId={deviceId} />
            ) : (
              <EmptyState
                title="Open a device's console"
                message="Choose “Open console” on a test device to see the conversation and send messages."
              />
            )}
          </Box>
        )}
      </Box>
    </PageFrame>
  );
}
