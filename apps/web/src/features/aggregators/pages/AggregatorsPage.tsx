import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  AGGREGATOR_CARRIER_MACHINE,
  type AGGREGATOR_CARRIER_TABS,
  AGGREGATOR_MACHINE,
  type AGGREGATOR_PLATFORM_TABS,
  type AggregatorCarrierState,
  formatDateTimeZoned,
  stateOfCode,
  type TAggregatorListItem,
} from '@portico/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { useOwnNetworkName } from '@/lib/queries/partner-details';
import { BulkDecisions, useBulkSelection } from '@/lib/ui/BulkDecisions';
import { DECISION_EFFECTS } from '@/lib/ui/decision-effects';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import {
  type ResponsiveColumn,
  ResponsiveTable,
  type SortOrder,
  type TableSort,
} from '@/lib/ui/ResponsiveTable';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TabCountLabel } from '@/lib/ui/TabCountLabel';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type AggregatorListFilters, aggregatorsQueryOptions, exportAggregators } from '../api/aggregators';
import { useBulkDecideAggregators } from '../api/bulk-decide-aggregators';

/**
 * `key`: the tab's count in the list's answer; `slug`: the word a link opens the tab with
 * (`?tab=waiting`, from the reviewers' dashboards).
 */
interface AggregatorTab<K extends string> {
  key: K;
  label: string;
  filters: AggregatorListFilters;
  slug?: string;
}
const ADMIN_TABS: AggregatorTab<(typeof AGGREGATOR_PLATFORM_TABS)[number]>[] = [
  {
    key: 'awaiting_approval',
    label: 'Awaiting approval',
    filters: { status: 'awaiting_approval' },
    slug: 'waiting',
  },
  { key: 'forwarded', label: 'Forwarded', filters: { status: 'forwarded' } },
  { key: 'approved', label: 'Approved', filters: { status: 'approved' }, slug: 'approved' },
  { key: 'rejected', label: 'Rejected', filters: { status: 'rejected' }, slug: 'rejected' },
  { key: 'all', label: 'All', filters: {} },
];
/** A carrier's tabs: its own network's review of the aggregators forwarded to it. */
const CARRIER_TABS: AggregatorTab<(typeof AGGREGATOR_CARRIER_TABS)[number]>[] = [
  {
    key: 'to_be_approved_by_carrier',
    label: 'To review',
    filters: { review: 'to_be_approved_by_carrier' satisfies AggregatorCarrierState },
    slug: 'waiting',
  },
  { key: 'approved', label: 'Approved by us', filters: { review: 'approved' }, slug: 'approved' },
  { key: 'rejected', label: 'Rejected by us', filters: { review: 'rejected' }, slug: 'rejected' },
  { key: 'all', label: 'All', filters: {} },
];

/** An aggregator the reviewer may decide on from the list: the bulk decision applies to its state. */
function decidable(carrier: boolean, item: TAggregatorListItem): boolean {
  if (carrier) {
    const state = item.carrier_status
      ? stateOfCode(AGGREGATOR_CARRIER_MACHINE, item.carrier_status.code)
      : undefined;
    return state !== undefined && AGGREGATOR_CARRIER_MACHINE.transitions.approve.from.includes(state);
  }
  const state = stateOfCode(AGGREGATOR_MACHINE, item.status.code);
  return (
    state !== undefined && AGGREGATOR_MACHINE.transitions.approve.from.includes(state) && state !== 'rejected'
  );
}

type SortField = NonNullable<AggregatorListFilters['sort']>;

/** The columns of the list; a carrier's view (`/billing`) adds its own review and links to its pages. */
function aggregatorColumns(carrier: boolean): ResponsiveColumn<TAggregatorListItem>[] {
  return [
    {
      label: 'Aggregator',
      sortField: 'name',
      render: (item) => (
        <Link
          component={RouterLink}
          to={`${carrier ? '/billing/view-aggregator' : '/admin/viewAggregatorDetails'}?partnerId=${item.partner_id}`}
        >
          {item.name}
        </Link>
      ),
    },
    { label: 'Owner', render: (item) => item.owner_email ?? '—' },
    { label: 'Status', render: (item) => <StatusChip status={item.status} /> },
    ...(carrier
      ? [
          {
            label: 'Your review',
            render: (item: TAggregatorListItem) =>
              item.carrier_status ? <StatusChip status={item.carrier_status} /> : '—',
          },
        ]
      : []),
    { label: 'Child users', align: 'right', render: (item) => item.child_users },
    {
      label: 'Signed up',
      sortField: 'created_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (item) => String(formatDateTimeZoned(item.created_at)),
    },
  ];
}
const ADMIN_COLUMNS = aggregatorColumns(false);
const CARRIER_COLUMNS = aggregatorColumns(true);

/** AGGREGATORS: /admin/aggregators (every aggregator) and /billing/my-aggregators (those forwarded to the carrier). */
export default function AggregatorsPage() {
  const location = useLocation();
  const carrier = location.pathname.startsWith('/billing');
  const network = useOwnNetworkName();
  const tabs: AggregatorTab<string>[] = carrier ? CARRIER_TABS : ADMIN_TABS;
  const asked = new URLSearchParams(location.search).get('tab');
  const [tab, setTab] = useState(() =>
    Math.max(
      0,
      tabs.findIndex((t) => t.slug === asked),
    ),
  );
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const paging = usePaging(10);
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({
    field: 'created_at',
    order: 'desc',
  });
  const filters: AggregatorListFilters = {
    ...tabs[tab]?.filters,
    search: debounced || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const start = paging.page * paging.pageSize;
  const list = useQuery(aggregatorsQueryOptions({ start, end: start + paging.pageSize }, filters));
  const counts: Partial<Record<string, number>> | undefined = list.data?.tabCounts;
  const canDecide = useCan(carrier ? 'aggregators.carrier-review' : 'aggregators.review');
  const bulkDecide = useBulkDecideAggregators(carrier ? 'carrier' : 'platform');
  const selection = useBulkSelection({
    rows: list.data?.items,
    rowKey: (item: TAggregatorListItem) => item.partner_id,
    rowName: (item) => item.name,
    when: (item) => decidable(carrier, item),
  });
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
  const exporter = useMutation({
    mutationFn: (format: 'xlsx' | 'pdf') => exportAggregators(format, filters),
  });
  return (
    <PageFrame
      title="Aggregators"
      description={
        carrier
          ? `Aggregators the platform forwarded to ${network}: approve or reject them for ${network}.`
          : 'Accounts that resell the platform: approve them before they can bill, register brands or run campaigns.'
      }
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: number) => {
            setTab(next);
            reset();
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Aggregators by state"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {tabs.map((t) => (
            <Tab key={t.key} label={<TabCountLabel label={t.label} count={counts?.[t.key]} />} />
          ))}
        </Tabs>
        <Box sx={{ p: 2, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextInput
            size="small"
            label="Search company or owner"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              reset();
            }}
            sx={{ flex: 1, minWidth: 220 }}
          />
          <ExportButtons disabled={exporter.isPending} onExport={(format) => exporter.mutate(format)} />
        </Box>
        {exporter.isError && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {errorMessage(exporter.error)}
          </Alert>
        )}
        {canDecide && (
          <BulkDecisions
            selection={selection}
            texts={{
              one: 'aggregator',
              many: 'aggregators',
              approveEffect: DECISION_EFFECTS.aggregator[carrier ? 'carrier' : 'platform'].approve ?? '',
              rejectEffect: DECISION_EFFECTS.aggregator[carrier ? 'carrier' : 'platform'].reject ?? '',
            }}
            decide={(request) => bulkDecide.mutateAsync(request)}
          />
        )}
        <ListStatus
          query={list}
          noun="aggregators"
          empty={
            <EmptyState
              headingLevel="h3"
              icon={<GroupsOutlined />}
              title="No aggregators"
              message="No aggregator matches these filters."
            />
          }
        >
          {(data) => (
            <>
              <ResponsiveTable
                label="Aggregators"
                columns={carrier ? CARRIER_COLUMNS : ADMIN_COLUMNS}
                rows={data.items}
                rowKey={(item) => item.partner_id}
                hover
                tableSx={{ minWidth: 640 }}
                sort={tableSort}
                selection={canDecide ? selection : undefined}
              />
              <ListPagination paging={paging} count={data.total} />
            </>
          )}
        </ListStatus>
      </Paper>
    </PageFrame>
  );
}
