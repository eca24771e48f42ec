import AddOutlined from '@mui/icons-material/AddOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  BRAND_CARRIER_MACHINE,
  BRAND_MACHINE,
  type BrandStatusFilter,
  type BrandTabKey,
  brandTabStatus,
  formatDateTimeZoned,
  stateOfCode,
  type TBrandList,
  type TBrandListItem,
} from '@portico/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
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
import { SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TabCountLabel } from '@/lib/ui/TabCountLabel';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type BrandReviewScope, useBulkDecideBrands } from '../api/bulk-decide-brands';
import { useExportBrands } from '../api/export-brands';
import { brandsQueryOptions } from '../api/get-brands';
import type { BrandListFilters } from '../api/keys';

export interface BrandTab {
  /** The tab's status filter (`all`: none) and its count in the list's answer. */
  key: BrandTabKey;
  label: string;
  /** The word a link opens this tab with (`?tab=waiting`, from the reviewers' dashboards). */
  slug?: string;
}

type SortField = NonNullable<BrandListFilters['sort']>;
const SORTS: SelectOption<`${SortField}:${SortOrder}`>[] = [
  { value: 'updated_at:desc', label: 'Recently updated' },
  { value: 'updated_at:asc', label: 'Least recently updated' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A-Z' },
  { value: 'name:desc', label: 'Name Z-A' },
  { value: 'partner_name:asc', label: 'Partner A-Z' },
  { value: 'partner_name:desc', label: 'Partner Z-A' },
  { value: 'status:asc', label: 'Status' },
  { value: 'status:desc', label: 'Status, reversed' },
];

/** A brand the reviewer may decide on from the list: the bulk decision applies to its state. */
function decidable(scope: BrandReviewScope, item: TBrandListItem): boolean {
  if (scope === 'carrier') {
    const state = item.carrier_status
      ? stateOfCode(BRAND_CARRIER_MACHINE, item.carrier_status.code)
      : undefined;
    return state !== undefined && BRAND_CARRIER_MACHINE.transitions.approve.from.includes(state);
  }
  const state = stateOfCode(BRAND_MACHINE, item.status.code);
  return state !== undefined && BRAND_MACHINE.transitions.approve.from.includes(state);
}

interface BrandsListProps {
  /** Where a row leads: the brand's page, given its id. */
  viewPath: (brandId: string) => string;
  /** Review screens show tabs by state; the developer's list a status filter. */
  tabs?: readonly BrandTab[];
  /**
   * The carrier's view: its own network's review column instead of the carriers column (a carrier
   * sees its own network only).
   */
  showCarrierStatus?: boolean;
  /** The partner column (review screens); the developer's own list leaves it out. */
  showPartner?: boolean;
  /** The empty state's way forward (the developer's "Create a brand"). */
  createPath?: string;
  /** A review list: whose review, for bulk approve and reject (reviewers who may decide). */
  review?: BrandReviewScope;
}

/** A list of brands: search, state, sort, pages, Excel and PDF of what is filtered. */
export function BrandsList({
  viewPath,
  tabs,
  showCarrierStatus = false,
  showPartner = true,
  createPath,
  review,
}: BrandsListProps) {
  const asked = new URLSearchParams(useLocation().search).get('tab');
  const [tab, setTab] = useState(() => Math.max(0, tabs?.findIndex((t) => t.slug === asked) ?? 0));
  const [status, setStatus] = useState<BrandStatusFilter | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({
    field: 'updated_at',
    order: 'desc',
  });
  const paging = usePaging(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const exporter = useExportBrands();
  const filters: BrandListFilters = {
    status: tabs ? brandTabStatus(tabs[tab]?.key ?? 'all') : status,
    search: debounced || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const canDecide =
    useCan(review === 'carrier' ? 'brands.carrier-review' : 'brands.review') && review !== undefined;
  const bulkDecide = useBulkDecideBrands(review ?? 'platform');
  const start = paging.page * paging.pageSize;
  const list = useQuery(brandsQueryOptions({ start, end: start + paging.pageSize }, filters));
  const selection = useBulkSelection({
    rows: list.data?.items,
    rowKey: (item: TBrandListItem) => item.brand_id,
    rowName: (item) => item.name,
    when: (item) => review !== undefined && decidable(review, item),
  });
  // Another tab or filter shows other brands: nothing stays chosen out of sight.
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
  const counts: Partial<Record<BrandTabKey, number>> | undefined =
    list.data && 'tabCounts' in list.data ? list.data.tabCounts : undefined;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {tabs && (
        <Tabs
          value={tab}
          onChange={(_event, next: number) => {
            setTab(next);
            reset();
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Brands by state"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {tabs.map((t) => (
            <Tab key={t.key} label={<TabCountLabel label={t.label} count={counts?.[t.key]} />} />
          ))}
        </Tabs>
      )}
      <ListToolbar
        wideColumns={tabs ? 'minmax(0, 1fr) 240px' : 'minmax(0, 1fr) 240px 240px'}
        exporting={exporter.isPending}
        exportError={exporter.error}
        onExport={(format) => exporter.mutate({ format, filters })}
      >
        <TextInput
          size="small"
          label="Search brand or partner"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            reset();
          }}
        />
        {!tabs && (
          <SelectField
            label="Status"
            all="All statuses"
            value={status ?? ''}
            options={Object.entries(BRAND_MACHINE.states).map(([key, state]) => ({
              value: key,
              label: state.label,
            }))}
            onChange={(value) => {
              setStatus((value || undefined) as BrandStatusFilter | undefined);
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
      {canDecide && review && (
        <BulkDecisions
          selection={selection}
          texts={{
            one: 'brand',
            many: 'brands',
            approveEffect: DECISION_EFFECTS.brand[review].approve ?? '',
            rejectEffect: DECISION_EFFECTS.brand[review].reject ?? '',
          }}
          decide={(request) => bulkDecide.mutateAsync(request)}
        />
      )}
      <Rows
        list={list}
        filters={filters}
        paging={paging}
        viewPath={viewPath}
        showCarrierStatus={showCarrierStatus}
        showPartner={showPartner}
        createPath={createPath}
        sort={tableSort}
        selection={canDecide ? selection : undefined}
      />
    </Paper>
  );
}

/** The list's columns: the partner on review screens; a carrier sees its own network's review. */
function brandColumns(
  viewPath: (brandId: string) => string,
  showPartner: boolean,
  showCarrierStatus: boolean,
): ResponsiveColumn<TBrandListItem>[] {
  return [
    {
      label: 'Brand',
      sortField: 'name',
      render: (item) => (
        <>
          <Link component={RouterLink} to={viewPath(item.brand_id)} sx={{ fontWeight: 500 }}>
            {item.name}
          </Link>
          <Box sx={{ color: 'text.secondary', fontSize: '0.75rem', fontWeight: 400 }}>
            {item.industry_type}
          </Box>
        </>
      ),
    },
    ...(showPartner
      ? [{ label: 'Partner', sortField: 'partner_name', render: (item: TBrandListItem) => item.partner_name }]
      : []),
    { label: 'Status', sortField: 'status', render: (item) => <StatusChip status={item.status} /> },
    showCarrierStatus
      ? {
          label: 'Your network',
          render: (item) => (item.carrier_status ? <StatusChip status={item.carrier_status} /> : '—'),
        }
      : {
          label: 'Carriers',
          cellSx: { color: 'text.secondary' },
          render: (item) => item.carriers.join(', ') || '—',
        },
    {
      label: 'Updated',
      sortField: 'updated_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (item) => String(formatDateTimeZoned(item.updated_at)),
    },
  ];
}

function Rows({
  list,
  filters,
  paging,
  viewPath,
  showCarrierStatus,
  showPartner,
  createPath,
  sort,
  selection,
}: {
  list: UseQueryResult<TBrandList>;
  filters: BrandListFilters;
  paging: Paging;
  viewPath: (brandId: string) => string;
  showCarrierStatus: boolean;
  showPartner: boolean;
  createPath: string | undefined;
  sort: TableSort;
  selection: TableSelection<TBrandListItem> | undefined;
}) {
  const filtered = Boolean(filters.search || filters.status);
  return (
    <ListStatus
      query={list}
      noun="brands"
      empty={
        <EmptyState
          headingLevel="h3"
          icon={<StorefrontOutlined />}
          title={filtered ? 'No brands match' : 'No brands yet'}
          message={
            filtered
              ? 'No brand matches these filters.'
              : createPath
                ? 'Register the brand your bots speak for: carriers verify it before a bot launches.'
                : 'Brands will be listed here once they are submitted.'
          }
          action={
            createPath && !filtered ? (
              <Button component={RouterLink} to={createPath} variant="contained" startIcon={<AddOutlined />}>
                Create a brand
              </Button>
            ) : undefined
          }
        />
      }
    >
      {(data) => (
        <>
          <ResponsiveTable
            label="Brands"
            columns={brandColumns(viewPath, showPartner, showCarrierStatus)}
            rows={data.items}
            rowKey={(item) => item.brand_id}
            hover
            tableSx={{ minWidth: 560 }}
            sort={sort}
            selection={selection}
          />
          <ListPagination paging={paging} count={data.total} />
        </>
      )}
    </ListStatus>
  );
}
