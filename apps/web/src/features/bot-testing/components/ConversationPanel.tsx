import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type TConsoleMessage } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { MessageView } from '@/lib/rich-message/MessageView';
import { EmptyState } from '@/lib/ui/EmptyState';
import { StatusChip, type StatusTone } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { conversationQueryOptions } from '../api/bot-testing';
import { useConsoleStream } from '../api/console-stream';
import { messagePriceQueryOptions } from '../api/message-price';
import { Composer } from './Composer';
import { InviteChip } from './InviteChip';

const RECEIPT: Record<string, { label: string; tone: StatusTone }> = {
  queued: { label: 'Queued', tone: 'grey' },
  sent: { label: 'Sent', tone: 'grey' },
  delivered: { label: 'Delivered', tone: 'info' },
  read: { label: 'Read', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
};

function Line({ line }: { line: TConsoleMessage }) {
  const out = line.direction === 'out';
  const receipt = line.status ? RECEIPT[line.status] : undefined;
  return (
    <Box
      component="li"
      data-direction={line.direction}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: out ? 'flex-end' : 'flex-start',
        listStyle: 'none',
      }}
    >
      <Box
        sx={{
          maxWidth: { xs: '92%', sm: '75%' },
          p: 1.25,
          borderRadius: 2,
          bgcolor: out ? 'custom.lightest' : 'background.paper',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {out && line.content ? (
          <MessageView content={line.content} />
        ) : (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line.postback_data !== null ? `Tapped “${line.text ?? ''}”` : line.text}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {out ? 'Bot' : 'User'} · {formatDateTimeZoned(line.at)}
        </Typography>
        {receipt && <StatusChip tone={receipt.tone} label={receipt.label} />}
      </Box>
      {line.error_message && (
        <Typography variant="caption" sx={{ color: 'error.dark' }}>
          {line.error_message}
        </Typography>
      )}
    </Box>
  );
}

/** The live conversation with one test device: lines pushed by the server, receipts, the composer. */
/**
 * What each message of this console would cost once the bot is live (its message type, or the
 * country's WhatsApp card for a service reply); test messages are free. Nothing when it cannot be priced.
 */
function MessagePrice({ botId, deviceId }: { botId: string; deviceId: string }) {
  const price = useQuery(messagePriceQueryOptions(botId, deviceId));
  if (!price.data) return null;
  const { price: amount, currency, priced_as } = price.data;
  return (
    <Typography variant="body2" sx={{ px: 2, pt: 1.5, color: 'text.secondary' }} data-testid="console-price">
      Price per message when live: {currency === 'USD' ? '$' : `${currency} `}
      {amount} ({priced_as}). Test messages are not charged.
    </Typography>
  );
}

export function ConversationPanel({ botId, deviceId }: { botId: string; deviceId: string }) {
  const canTest = useCan('bots.test');
  const query = useQuery(conversationQueryOptions(botId, deviceId));
  const stream = useConsoleStream(botId, deviceId);
  const list = useRef<HTMLOListElement>(null);
  const count = query.data?.items.length ?? 0;
  useEffect(() => {
    // The newest line in view, inside the list's own scroll area.
    if (count > 0 && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  if (query.isError)
    return <Alert severity="error">The conversation could not be loaded: {errorMessage(query.error)}</Alert>;
  if (!query.data)
    return (
      <Box role="status" sx={{ p: 3, color: 'text.secondary' }}>
        Loading the conversation…
      </Box>
    );
  const { device, items } = query.data;
  const blocked = device.invite_status === 'PENDING' || device.invite_status === 'DECLINED';
  return (
    <Paper variant="outlined" sx={{ display: 'grid', gap: 0 }}>
      <Box
        sx={{
          p: 2,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="h2" variant="h3" sx={{ mr: 'auto' }}>
          Conversation with {device.msisdn}
        </Typography>
        <InviteChip device={device} />
        <span aria-live="polite">
          <StatusChip
            tone={stream === 'live' ? 'success' : 'grey'}
            label={stream === 'live' ? 'Live' : stream === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          />
        </span>
      </Box>
      <MessagePrice botId={botId} deviceId={deviceId} />
      {blocked && (
        <Alert severity="info" sx={{ m: 2, mb: 0 }}>
          {device.invite_status === 'PENDING'
            ? 'The tester invite is pending: the user accepts it on the handset before an unlaunched agent can reach them.'
            : 'The tester declined the invite: resend it from the device list.'}
        </Alert>
      )}
      <Box
        component="ol"
        ref={list}
        aria-label="Messages"
        aria-live="polite"
        sx={{
          m: 0,
          p: 2,
          display: 'grid',
          gap: 1.5,
          maxHeight: 480,
          overflowY: 'auto',
          bgcolor: 'action.hover',
        }}
      >
        {items.length === 0 ? (
          <li style={{ listStyle: 'none' }}>
            <EmptyState
              headingLevel="h3"
              icon={<ForumOutlined />}
              title="No messages yet"
              message="Send a test message below; what the user types or taps on the handset appears here at once."
            />
          </li>
        ) : (
          items.map((line) => <Line key={line.id} line={line} />)
        )}
      </Box>
      {canTest && (
        <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Composer botId={botId} deviceId={deviceId} />
        </Box>
      )}
    </Paper>
  );
}
