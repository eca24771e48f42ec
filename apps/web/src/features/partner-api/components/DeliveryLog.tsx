import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  type TWebhookDelivery,
  WEBHOOK_DELIVERY_LABELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_KINDS,
  type WebhookDeliveryStatus,
  type WebhookEventKind,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SelectField } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { useCan } from '@/lib/use-can';
import type { DeliveryFilters } from '../api/keys';
import { deliveriesQueryOptions, useExportDeliveries, useReplay } from '../api/webhook';
import { type Tone, ToneChip } from './ToneChip';

const KIND_LABELS: Record<WebhookEventKind, string> = {
  status: 'Delivery / read',
  user_message: 'User message',
  suggestion_response: 'Tap',
  unsubscribe: 'Unsubscribe',
  other: 'Other (tester, ...)',
  ping: 'Test ping',
};
const STATUS_TONES: Record<WebhookDeliveryStatus, Tone> = {
  pending: 'grey',
  retrying: 'warning',
  delivered: 'success',
  dead: 'error',
};

/** The bot's delivery log: status and event filters, pages, Excel/PDF, replay of dead letters. */
export function DeliveryLog({ botId }: { botId: string }) {
  const canWrite = useCan('partner-webhooks.write');
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [kind, setKind] = useState<WebhookEventKind | ''>('');
  const paging = usePaging(10);
  const sort = useListSort<'created_at'>({ field: 'created_at', order: 'desc' }, () => paging.setPage(0));
  const filters: DeliveryFilters = {
    status: status || undefined,
    kind: kind || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const start = paging.page * paging.pageSize;
  const list = useQuery(deliveriesQueryOptions(botId, { start, end: start + paging.pageSize }, filters));
  const replay = useReplay(botId);
  const exporter = useExportDeliveries(botId);
  const filtered = Boolean(filters.status || filters.kind);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} aria-labelledby="delivery-log-title">
      <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography id="delivery-log-title" component="h2" variant="h3">
          Delivery log
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' } }}>
          <SelectField
            label="Status"
            all="Any status"
            value={status}
            options={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: WEBHOOK_DELIVERY_LABELS[s] }))}
            onChange={(value) => {
              setStatus(value as typeof status);
              paging.setPage(0);
            }}
          />
          <SelectField
            label="Event"
            all="Any event"
            value={kind}
            options={WEBHOOK_EVENT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            onChange={(value) => {
              setKind(value as typeof kind);
              paging.setPage(0);
            }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <ExportButtons
              disabled={exporter.isPending}
              onExport={(format) => exporter.mutate({ format, filters })}
            />
          </Box>
          <SortSelect columns={columns(canWrite, replay)} sort={sort.tableSort} />
        </Box>
        {exporter.isError && <Alert severity="error">{errorMessage(exporter.error)}</Alert>}
        {replay.isError && <Alert severity="error">{errorMessage(replay.error)}</Alert>}
      </Box>
      <ListStatus
        query={list}
        noun="deliveries"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<SendOutlined />}
            title={filtered ? 'No delivery matches' : 'No deliveries yet'}
            message={
              filtered
                ? 'Change the filters.'
                : 'Set the webhook and send a test ping, or talk to the bot from a handset: each event is listed here.'
            }
          />
        }
      >
        {(data) => (
          <>
            <ResponsiveTable
              label="Webhook deliveries"
              columns={columns(canWrite, replay)}
              rows={data.items}
              rowKey={(d) => d.delivery_id}
              sort={sort.tableSort}
            />
            <ListPagination paging={paging} count={data.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}

/** The log's columns; a writer replays a dead letter from its row. */
function columns(
  canWrite: boolean,
  replay: ReturnType<typeof useReplay>,
): ResponsiveColumn<TWebhookDelivery>[] {
  return [
    { label: 'Event', render: (d) => KIND_LABELS[d.kind] },
    { label: 'Number', render: (d) => d.msisdn ?? '—' },
    {
      label: 'Status',
      render: (d) => (
        <>
          <ToneChip tone={STATUS_TONES[d.status]} label={WEBHOOK_DELIVERY_LABELS[d.status]} />
          {d.last_error && d.status !== 'delivered' && (
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {d.last_error}
            </Typography>
          )}
        </>
      ),
    },
    { label: 'Code', align: 'right', render: (d) => d.response_code ?? '—' },
    { label: 'Latency', align: 'right', render: (d) => (d.latency_ms === null ? '—' : `${d.latency_ms} ms`) },
    { label: 'Attempts', align: 'right', render: (d) => d.attempts },
    {
      label: 'Created (UTC)',
      sortField: 'created_at',
      render: (d) => formatDateTime(d.created_at, '+00:00'),
    },
    {
      label: 'Actions',
      hideLabel: true,
      render: (d) =>
        canWrite &&
        d.status === 'dead' && (
          <Button
            size="small"
            disabled={replay.isPending}
            aria-label={`Replay the ${KIND_LABELS[d.kind].toLowerCase()} of ${formatDateTime(d.created_at, '+00:00')}`}
            onClick={() => replay.mutate(d.delivery_id)}
          >
            Replay
          </Button>
        ),
    },
  ];
}
