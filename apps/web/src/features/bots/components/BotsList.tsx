import AddOutlined from '@mui/icons-material/AddOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BOT_STATUS_LABELS,
  BOT_STATUS_NAMES,
  type BotStatusName,
  formatDateTimeZoned,
  type TBotListItem,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { allCarriersQueryOptions } from '@/lib/queries/reference-data';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, type Paging, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { SortableHeaderCell, type TableSort } from '@/lib/ui/ResponsiveTable';
import { CHANNEL_OPTIONS, carrierOptions, SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { botsQueryOptions } from '../api/get-bots';
import type { BotListFilters } from '../api/keys';
import { useExportBots } from '../api/save-bot';
import { channelsLabel, launchBotPath, launchDetailsPath, resumeBotPath, viewBotPath } from './bot-paths';

type Sort =
  | 'updated_at:desc'
  | 'updated_at:asc'
  | 'created_at:desc'
  | 'name:asc'
  | 'name:desc'
  | 'status:asc'
  | 'status:desc';
const SORTS: SelectOption<Sort>[] = [
  { value: 'updated_at:desc', label: 'Recently changed' },
  { value: 'updated_at:asc', label: 'Least recently changed' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'name:asc', label: 'Name A-Z' },
  { value: 'name:desc', label: 'Name Z-A' },
  { value: 'status:asc', label: 'Status' },
  { value: 'status:desc', label: 'Status (descending)' },
];

interface BotsListProps {
  /** The empty state's way forward (a writer's "Create your first bot"); none for read-only users. */
  createPath?: string | undefined;
  /** Whether the user may resume drafts (writers). */
  canWrite: boolean;
}

/** MY BOTS: search, status, channel and carrier filters, sort, pages, Excel and PDF of what is filtered. */
export function BotsList({ createPath, canWrite }: BotsListProps) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BotStatusName | ''>('');
  const [channel, setChannel] = useState<'' | 'rcs' | 'whatsapp'>('');
  const [carrier, setCarrier] = useState('');
  const [sort, setSort] = useState<Sort>('updated_at:desc');
  const paging = usePaging(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const carriers = useQuery(allCarriersQueryOptions);
  const exporter = useExportBots();
  const [sortField, order] = sort.split(':') as [NonNullable<BotListFilters['sort']>, 'asc' | 'desc'];
  const filters: BotListFilters = {
    search: debounced || undefined,
    status: status || undefined,
    channel: channel || undefined,
    carrier_id: carrier || undefined,
    sort: sortField,
    order,
  };
  const reset = () => paging.setPage(0);
  // The headers sort the same state as the Sort field (every header's order is one of its choices).
  const tableSort: TableSort = {
    field: sortField,
    order,
    onSort: (field, next) => {
      setSort(`${field}:${next}` as Sort);
      reset();
    },
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          p: 2,
          display: 'grid',
          gap: 1.5,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(0, 1.4fr) repeat(4, minmax(0, 1fr))' },
        }}
      >
        <TextInput
          size="small"
          label="Search bots"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            reset();
          }}
        />
        <SelectField
          label="Status"
          all="All statuses"
          value={status}
          options={BOT_STATUS_NAMES.map((name) => ({ value: name, label: BOT_STATUS_LABELS[name] }))}
          onChange={(value) => {
            setStatus(value);
            reset();
          }}
        />
        <SelectField
          label="Channel"
          all="All channels"
          value={channel}
          options={CHANNEL_OPTIONS}
          onChange={(next) => {
            setChannel(next);
            reset();
          }}
        />
        <SelectField
          label="Carrier"
          all="All carriers"
          value={carrier}
          options={carrierOptions(carriers.data?.items)}
          onChange={(next) => {
            setCarrier(next);
            reset();
          }}
        />
        <SelectField
          label="Sort"
          value={sort}
          options={SORTS}
          onChange={(next) => {
            setSort(next);
            reset();
          }}
        />
      </Box>
      <Box sx={{ px: 2, pb: 2, display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <ExportButtons
          disabled={exporter.isPending}
          onExport={(format) => exporter.mutate({ format, filters })}
        />
      </Box>
      {exporter.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(exporter.error)}
        </Alert>
      )}
      <Rows filters={filters} paging={paging} createPath={createPath} canWrite={canWrite} sort={tableSort} />
    </Paper>
  );
}

function Rows({
  filters,
  paging,
  createPath,
  canWrite,
  sort,
}: {
  filters: BotListFilters;
  paging: Paging;
  createPath: string | undefined;
  canWrite: boolean;
  sort: TableSort;
}) {
  const start = paging.page * paging.pageSize;
  const list = useQuery(botsQueryOptions({ start, end: start + paging.pageSize }, filters));
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const filtered = Boolean(filters.search || filters.status || filters.channel || filters.carrier_id);
  return (
    <ListStatus
      query={list}
      noun="bots"
      empty={
        <EmptyState
          headingLevel="h3"
          icon={<SmartToyOutlined />}
          title={filtered ? 'No bots match' : 'No bots yet'}
          message={
            filtered
              ? 'No bot matches these filters.'
              : createPath
                ? 'Create your first bot: describe it, pick its brand and choose the carriers it should reach.'
                : 'Bots of your organisation will be listed here once they are created.'
          }
          action={
            createPath && !filtered ? (
              <Button component={RouterLink} to={createPath} variant="contained" startIcon={<AddOutlined />}>
                Create your first RCS bot
              </Button>
            ) : undefined
          }
        />
      }
    >
      {(data) => (
        <>
          {narrow ? (
            <Box component="ul" aria-label="Bots" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.items.map((bot) => (
                <BotCard key={bot.bot_id} bot={bot} canWrite={canWrite} />
              ))}
            </Box>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Bots">
                <TableHead>
                  <TableRow>
                    <SortableHeaderCell label="Bot" field="name" sort={sort} sx={{ minWidth: 180 }} />
                    <TableCell>Channels</TableCell>
                    <SortableHeaderCell label="Status" field="status" sort={sort} />
                    <TableCell>Brand</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>Carriers</TableCell>
                    <SortableHeaderCell label="Last change" field="updated_at" sort={sort} />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((bot) => (
                    <TableRow key={bot.bot_id} hover>
                      <TableCell>
                        <BotLinks bot={bot} canWrite={canWrite} />
                        <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{bot.partner_name}</Box>
                      </TableCell>
                      <TableCell>{channelsLabel(bot.channels)}</TableCell>
                      <TableCell>
                        <StatusChip status={bot.status} />
                      </TableCell>
                      <TableCell>{bot.brand?.name ?? '—'}</TableCell>
                      <TableCell>
                        <Carriers bot={bot} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {String(formatDateTimeZoned(bot.updated_at))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ListPagination paging={paging} count={data.total} />
        </>
      )}
    </ListStatus>
  );
}

/** The bot's name (to its page), for a writer's draft the step to resume, and the launch's links. */
function BotLinks({ bot, canWrite }: { bot: TBotListItem; canWrite: boolean }) {
  const resume = canWrite ? resumeBotPath(bot) : null;
  const launch = useCan('launches.write') ? launchBotPath(bot) : null;
  const details = useCan('launches.read') ? launchDetailsPath(bot) : null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
      <Link component={RouterLink} to={viewBotPath(bot)} sx={{ fontWeight: 500 }}>
        {bot.name}
      </Link>
      {resume && (
        <Link
          component={RouterLink}
          to={resume}
          variant="body2"
          aria-label={`Resume ${bot.name}`}
          sx={{ fontSize: '0.75rem' }}
        >
          Resume
        </Link>
      )}
      {launch && (
        <Link
          component={RouterLink}
          to={launch}
          variant="body2"
          aria-label={`Launch ${bot.name}`}
          sx={{ fontSize: '0.75rem' }}
        >
          Launch
        </Link>
      )}
      {details && (
        <Link
          component={RouterLink}
          to={details}
          variant="body2"
          aria-label={`Launch details of ${bot.name}`}
          sx={{ fontSize: '0.75rem' }}
        >
          Launch details
        </Link>
      )}
    </Box>
  );
}

function Carriers({ bot }: { bot: TBotListItem }) {
  if (bot.carriers.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        None chosen yet
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {bot.carriers.map((carrier) => (
        <Box component="li" key={carrier.carrier_id} sx={{ maxWidth: '100%' }}>
          <StatusChip status={carrier.status} prefix={carrier.name} />
        </Box>
      ))}
    </Box>
  );
}

/** One bot as a card (narrow screens): nothing wider than the screen. */
function BotCard({ bot, canWrite }: { bot: TBotListItem; canWrite: boolean }) {
  return (
    <Box
      component="li"
      sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <BotLinks bot={bot} canWrite={canWrite} />
        <StatusChip status={bot.status} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {channelsLabel(bot.channels)} · Brand: {bot.brand?.name ?? '—'} ·{' '}
        {String(formatDateTimeZoned(bot.updated_at))}
      </Typography>
      <Carriers bot={bot} />
    </Box>
  );
}
