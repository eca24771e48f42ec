import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BOT_CARRIER_REVIEW_TABS,
  BOT_REVIEW_TABS,
  BOT_STATUS,
  type BotReviewTab,
  formatDateTime,
  type TBotReviewListItem,
  type TBotReviewTabCounts,
} from '@portico/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { allCarriersQueryOptions } from '@/lib/queries/reference-data';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, type Paging, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { CHANNEL_OPTIONS, carrierOptions, SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TabCountLabel } from '@/lib/ui/TabCountLabel';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useExportBotReviews } from '../api/export-bot-reviews';
import { botReviewsQueryOptions } from '../api/get-bot-reviews';
import type { BotReviewFilters, ReviewScope } from '../api/keys';
import { reviewDetailsPath } from './review-paths';
import { channelsLabel, formatWaited, waitingFor } from './waiting-for';

const TAB_LABELS: Record<ReviewScope, Record<BotReviewTab, string>> = {
  platform: {
    submitted: 'Submitted',
    forwarded: 'Forwarded',
    approved: 'Approved',
    rejected: 'Rejected',
    verification: 'Verification queue',
    listing: 'Listing queue',
    creation: 'Creation queue',
    all: 'All',
  },
  // A carrier's submitted = waiting for its decision (forwarded, or approved by the platform);
  // forwarded = forwarded, not yet approved by the platform.
  carrier: {
    submitted: 'To review',
    forwarded: 'Forwarded',
    approved: 'Approved',
    rejected: 'Rejected',
    verification: 'Verification queue',
    listing: 'Listing queue',
    creation: 'Creation queue',
    all: 'All',
  },
};

type Sort =
  | 'submitted_at:asc'
  | 'submitted_at:desc'
  | 'updated_at:desc'
  | 'name:asc'
  | 'name:desc'
  | 'partner_name:asc';
const SORTS: SelectOption<Sort>[] = [
  { value: 'submitted_at:asc', label: 'Waiting longest' },
  { value: 'submitted_at:desc', label: 'Newest submitted' },
  { value: 'updated_at:desc', label: 'Recently changed' },
  { value: 'name:asc', label: 'Bot A-Z' },
  { value: 'name:desc', label: 'Bot Z-A' },
  { value: 'partner_name:asc', label: 'Partner A-Z' },
];

/** The tabs of a scope: a carrier has no platform queues. */
const tabsOf = (scope: ReviewScope): readonly BotReviewTab[] =>
  scope === 'carrier' ? BOT_CARRIER_REVIEW_TABS : BOT_REVIEW_TABS;

/**
 * The launches to review: tabs by state (kept in the address, so the dashboard's cards link to a
 * tab), search, channel and (for the platform) carrier filters, sort, pages, Excel and PDF of what is
 * filtered, and whom each launch waits for.
 */
export function BotReviewList({ scope }: { scope: ReviewScope }) {
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = tabsOf(scope);
  const asked = new URLSearchParams(location.search).get('tab');
  const tab: BotReviewTab = tabs.find((t) => t === asked) ?? 'submitted';
  const [search, setSearch] = useState('');
  const [channel, setChannel] = useState<'' | 'rcs' | 'whatsapp'>('');
  const [carrier, setCarrier] = useState('');
  const [sort, setSort] = useState<Sort>('submitted_at:asc');
  const paging = usePaging(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const carriers = useQuery({ ...allCarriersQueryOptions, enabled: scope === 'platform' });
  const exporter = useExportBotReviews(scope);
  const [sortField, order] = sort.split(':') as [NonNullable<BotReviewFilters['sort']>, 'asc' | 'desc'];
  const filters: BotReviewFilters = {
    tab,
    search: debounced || undefined,
    channel: channel || undefined,
    carrier_id: scope === 'platform' ? carrier || undefined : undefined,
    sort: sortField,
    order,
  };
  const reset = () => paging.setPage(0);
  const start = paging.page * paging.pageSize;
  const list = useQuery(botReviewsQueryOptions(scope, { start, end: start + paging.pageSize }, filters));
  // The counts answer with the list (same filters, every tab): a decision invalidates the lists, so they follow it.
  const counts: TBotReviewTabCounts | undefined = list.data?.tabCounts;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={tab}
        onChange={(_event, next: BotReviewTab) => {
          const params = new URLSearchParams(location.search);
          params.set('tab', next);
          void navigate({ search: `?${params}` }, { replace: true });
          reset();
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Launches by state"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {tabs.map((t) => (
          <Tab key={t} value={t} label={<TabCountLabel label={TAB_LABELS[scope][t]} count={counts?.[t]} />} />
        ))}
      </Tabs>
      <ListToolbar
        wideColumns={
          scope === 'platform'
            ? 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr))'
            : 'minmax(0, 1.4fr) repeat(2, minmax(0, 1fr))'
        }
        exporting={exporter.isPending}
        exportError={exporter.error}
        onExport={(format) => exporter.mutate({ format, filters })}
      >
        <TextField
          size="small"
          label="Search bots"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
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
        {scope === 'platform' && (
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
        )}
        <SelectField
          label="Sort"
          value={sort}
          options={SORTS}
          onChange={(next) => {
            setSort(next);
            reset();
          }}
        />
      </ListToolbar>
      <Rows
        scope={scope}
        list={list}
        filtered={Boolean(filters.search || filters.channel || filters.carrier_id)}
        paging={paging}
      />
    </Paper>
  );
}

function Rows({
  scope,
  list,
  filtered,
  paging,
}: {
  scope: ReviewScope;
  list: UseQueryResult<{ items: TBotReviewListItem[]; total: number }>;
  filtered: boolean;
  paging: Paging;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  return (
    <ListStatus
      query={list}
      noun="launches"
      empty={
        <EmptyState
          headingLevel="h3"
          icon={<SmartToyOutlined />}
          title={filtered ? 'No launches match' : 'Nothing here'}
          message={
            filtered
              ? 'No launch on this tab matches these filters.'
              : 'No launch is in this state. Launches appear here as developers submit them and reviewers decide.'
          }
        />
      }
    >
      {(data) => (
        <>
          {narrow ? (
            <Box component="ul" aria-label="Launches" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {data.items.map((item) => (
                <LaunchCard key={item.bot_id} item={item} scope={scope} />
              ))}
            </Box>
          ) : (
            <TableContainer>
              <Table
                size="small"
                aria-label="Launches"
                sx={{ '& .MuiChip-root': { height: 'auto', py: 0.25 }, '& td': { verticalAlign: 'top' } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ minWidth: 180 }}>Bot</TableCell>
                    <TableCell>Channels</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell sx={{ minWidth: 180 }}>
                      {scope === 'carrier' ? 'Your network' : 'Carriers'}
                    </TableCell>
                    <TableCell sx={{ minWidth: 160 }}>Waiting for</TableCell>
                    <TableCell>Submitted</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((item) => (
                    <TableRow key={item.bot_id} hover>
                      <TableCell>
                        <BotName item={item} scope={scope} />
                      </TableCell>
                      <TableCell>{channelsLabel(item.channels)}</TableCell>
                      <TableCell>
                        <StatusChip status={item.status} />
                      </TableCell>
                      <TableCell>
                        <Carriers item={item} scope={scope} />
                      </TableCell>
                      <TableCell>
                        <Waiting item={item} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {item.submitted_at ? String(formatDateTime(item.submitted_at)) : '—'}
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

/** Drafts (the creation queue) were never submitted: there is no launch to open yet. */
const DRAFT_CODES: readonly number[] = [BOT_STATUS.in_progress, BOT_STATUS.in_progress_carrier_submission];

function BotName({ item, scope }: { item: TBotReviewListItem; scope: ReviewScope }) {
  return (
    <>
      {DRAFT_CODES.includes(item.status.code) ? (
        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
          {item.name}
        </Typography>
      ) : (
        <Link component={RouterLink} to={reviewDetailsPath(scope, item)} sx={{ fontWeight: 500 }}>
          {item.name}
        </Link>
      )}
      <Box sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
        {item.partner_name}
        {item.brand_name ? ` · ${item.brand_name}` : ''}
      </Box>
    </>
  );
}

/** The platform sees every carrier's state; a carrier its own network's. */
function Carriers({
  item,
  scope,
  labelled = false,
}: {
  item: TBotReviewListItem;
  scope: ReviewScope;
  /** Cards have no column header: the carrier's chip says it is its network's state. */
  labelled?: boolean;
}) {
  if (scope === 'carrier') {
    if (!item.carrier_status) return labelled ? null : '—';
    return (
      // A block of its own, so a card's grid does not stretch the chip across the card.
      <Box>
        <StatusChip status={item.carrier_status} {...(labelled ? { prefix: 'Your network' } : {})} />
      </Box>
    );
  }
  if (item.carriers.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        None chosen
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {item.carriers.map((carrier) => (
        <Box component="li" key={carrier.carrier_id} sx={{ maxWidth: '100%' }}>
          <StatusChip status={carrier.status} prefix={carrier.name} />
        </Box>
      ))}
    </Box>
  );
}

function Waiting({ item, labelled = false }: { item: TBotReviewListItem; labelled?: boolean }) {
  return (
    <>
      <Typography variant="body2">
        {labelled ? `Waiting for: ${waitingFor(item)}` : waitingFor(item)}
      </Typography>
      {item.waiting_seconds !== null && (
        // warning.dark misses AA contrast at caption size: the weight marks it instead.
        <Typography variant="caption" sx={{ color: 'text.primary', fontWeight: 600 }}>
          Waiting for you: {formatWaited(item.waiting_seconds)}
        </Typography>
      )}
      {item.preflight_ok === false && (
        <Typography variant="caption" component="div" sx={{ color: 'error.dark' }}>
          Pre-flight found problems
        </Typography>
      )}
    </>
  );
}

/** One launch as a card (narrow screens): nothing wider than the screen. */
function LaunchCard({ item, scope }: { item: TBotReviewListItem; scope: ReviewScope }) {
  return (
    <Box
      component="li"
      sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <BotName item={item} scope={scope} />
        </Box>
        <StatusChip status={item.status} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {channelsLabel(item.channels)} · Submitted{' '}
        {item.submitted_at ? String(formatDateTime(item.submitted_at)) : '—'}
      </Typography>
      <Carriers item={item} scope={scope} labelled />
      <Box>
        <Waiting item={item} labelled />
      </Box>
    </Box>
  );
}
