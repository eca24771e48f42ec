import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  BOT_CARRIER_MACHINE,
  BOT_CARRIER_REVIEW_TABS,
  BOT_MACHINE,
  BOT_REVIEW_TABS,
  BOT_STATUS,
  type BotReviewTab,
  formatDateTimeZoned,
  stateOfCode,
  type TBotReviewListItem,
  type TBotReviewTabCounts,
} from '@portico/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { allCarriersQueryOptions } from '@/lib/queries/reference-data';
import { BulkDecisions, useBulkSelection } from '@/lib/ui/BulkDecisions';
import { DECISION_EFFECTS } from '@/lib/ui/decision-effects';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, type Paging, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import {
  type ResponsiveColumn,
  ResponsiveTable,
  type SortOrder,
  type TableSelection,
  type TableSort,
} from '@/lib/ui/ResponsiveTable';
import { CHANNEL_OPTIONS, carrierOptions, SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TabCountLabel } from '@/lib/ui/TabCountLabel';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBulkDecideBotReviews } from '../api/bulk-decide-bot-reviews';
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

type SortField = NonNullable<BotReviewFilters['sort']>;
const SORTS: SelectOption<`${SortField}:${SortOrder}`>[] = [
  { value: 'submitted_at:asc', label: 'Waiting longest' },
  { value: 'submitted_at:desc', label: 'Newest submitted' },
  { value: 'updated_at:desc', label: 'Recently changed' },
  { value: 'updated_at:asc', label: 'Changed longest ago' },
  { value: 'name:asc', label: 'Bot A-Z' },
  { value: 'name:desc', label: 'Bot Z-A' },
  { value: 'partner_name:asc', label: 'Partner A-Z' },
  { value: 'partner_name:desc', label: 'Partner Z-A' },
];

/** A launch the caller may decide on from the list: a decision of the bulk call applies to its state. */
function decidable(scope: ReviewScope, item: TBotReviewListItem): boolean {
  if (scope === 'carrier') {
    const state = item.carrier_status
      ? stateOfCode(BOT_CARRIER_MACHINE, item.carrier_status.code)
      : undefined;
    return state !== undefined && BOT_CARRIER_MACHINE.transitions.approve.from.includes(state);
  }
  const state = stateOfCode(BOT_MACHINE, item.status.code);
  return state !== undefined && BOT_MACHINE.transitions.approve.from.includes(state);
}

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
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({
    field: 'submitted_at',
    order: 'asc',
  });
  const paging = usePaging(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const carriers = useQuery({ ...allCarriersQueryOptions, enabled: scope === 'platform' });
  const exporter = useExportBotReviews(scope);
  const filters: BotReviewFilters = {
    tab,
    search: debounced || undefined,
    channel: channel || undefined,
    carrier_id: scope === 'platform' ? carrier || undefined : undefined,
    sort: sort.field,
    order: sort.order,
  };
  const canDecide = useCan(scope === 'carrier' ? 'bot-review.carrier.decide' : 'bot-review.decide');
  const bulkDecide = useBulkDecideBotReviews(scope);
  const start = paging.page * paging.pageSize;
  const list = useQuery(botReviewsQueryOptions(scope, { start, end: start + paging.pageSize }, filters));
  const selection = useBulkSelection({
    rows: list.data?.items,
    rowKey: (item: TBotReviewListItem) => item.bot_id,
    rowName: (item) => item.name,
    when: (item) => decidable(scope, item),
  });
  // A new tab or filter shows other launches: nothing stays chosen out of sight.
  const reset = () => {
    paging.setPage(0);
    selection.clear();
  };
  const tableSort: TableSort = {
    ...sort,
    onSort: (field, order) => {
      setSort({ field: field as SortField, order });
      reset();
    },
  };
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
          value={`${sort.field}:${sort.order}`}
          options={SORTS}
          onChange={(next) => {
            const [field, order] = next.split(':') as [SortField, SortOrder];
            tableSort.onSort(field, order);
          }}
        />
      </ListToolbar>
      {canDecide && (
        <BulkDecisions
          selection={selection}
          texts={{
            one: 'launch',
            many: 'launches',
            approveEffect: DECISION_EFFECTS.launch[scope].approve ?? '',
            rejectEffect: DECISION_EFFECTS.launch[scope].reject ?? '',
          }}
          decide={(request) => bulkDecide.mutateAsync(request)}
        />
      )}
      <Rows
        scope={scope}
        list={list}
        filtered={Boolean(filters.search || filters.channel || filters.carrier_id)}
        paging={paging}
        sort={tableSort}
        selection={canDecide ? selection : undefined}
      />
    </Paper>
  );
}

function reviewColumns(scope: ReviewScope): ResponsiveColumn<TBotReviewListItem>[] {
  return [
    {
      label: 'Bot',
      sortField: 'name',
      cellSx: { minWidth: 180 },
      render: (item) => <BotName item={item} scope={scope} />,
    },
    { label: 'Channels', render: (item) => channelsLabel(item.channels) },
    { label: 'Status', render: (item) => <StatusChip status={item.status} /> },
    {
      label: scope === 'carrier' ? 'Your network' : 'Carriers',
      cellSx: { minWidth: 180 },
      render: (item) => <Carriers item={item} scope={scope} />,
    },
    { label: 'Waiting for', cellSx: { minWidth: 160 }, render: (item) => <Waiting item={item} /> },
    {
      label: 'Submitted',
      sortField: 'submitted_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (item) => (item.submitted_at ? String(formatDateTimeZoned(item.submitted_at)) : '—'),
    },
  ];
}
const COLUMNS: Record<ReviewScope, ResponsiveColumn<TBotReviewListItem>[]> = {
  platform: reviewColumns('platform'),
  carrier: reviewColumns('carrier'),
};

function Rows({
  scope,
  list,
  filtered,
  paging,
  sort,
  selection,
}: {
  scope: ReviewScope;
  list: UseQueryResult<{ items: TBotReviewListItem[]; total: number }>;
  filtered: boolean;
  paging: Paging;
  sort: TableSort;
  selection: TableSelection<TBotReviewListItem> | undefined;
}) {
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
          <ResponsiveTable
            label="Launches"
            columns={COLUMNS[scope]}
            rows={data.items}
            rowKey={(item) => item.bot_id}
            hover
            sort={sort}
            selection={selection}
            tableSx={{ '& td': { verticalAlign: 'top' } }}
          />
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
function Carriers({ item, scope }: { item: TBotReviewListItem; scope: ReviewScope }) {
  if (scope === 'carrier') {
    if (!item.carrier_status) return '—';
    return (
      // A block of its own, so a card's grid does not stretch the chip across the card.
      <Box>
        <StatusChip status={item.carrier_status} />
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

function Waiting({ item }: { item: TBotReviewListItem }) {
  return (
    <>
      <Typography variant="body2">{waitingFor(item)}</Typography>
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
