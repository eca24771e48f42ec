import AddOutlined from '@mui/icons-material/AddOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  formatDateTimeZoned,
  TEMPLATE_MACHINE,
  type TEMPLATE_REVIEW_TABS,
  TEMPLATE_TYPES,
  type TemplateState,
  type TTemplateFilters,
  type TTemplateList,
  type TTemplateListItem,
} from '@portico/domain';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { ListPagination, type Paging, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { type ResponsiveColumn, ResponsiveTable, type TableSort } from '@/lib/ui/ResponsiveTable';
import { CHANNEL_OPTIONS, SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TabCountLabel } from '@/lib/ui/TabCountLabel';
import { TextInput } from '@/lib/ui/TextInput';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useExportTemplates } from '../api/export-templates';
import { templatesQueryOptions } from '../api/get-templates';
import type { TemplateListFilters } from '../api/keys';
import { CHANNEL_LABEL, TYPE_LABEL } from './template-paths';

export interface TemplateTab {
  /** The tab's status filter (`all`: none) and its count in the list's answer. */
  key: (typeof TEMPLATE_REVIEW_TABS)[number];
  label: string;
}
const statusOfTab = (tab: TemplateTab | undefined): TemplateState | undefined =>
  tab && tab.key !== 'all' ? tab.key : undefined;

type Sort = `${NonNullable<TTemplateFilters['sort']>}:${'asc' | 'desc'}`;
const SORTS: SelectOption<Sort>[] = [
  { value: 'updated_at:desc', label: 'Recently changed' },
  { value: 'updated_at:asc', label: 'Least recently changed' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'name:asc', label: 'Name A-Z' },
  { value: 'name:desc', label: 'Name Z-A' },
  { value: 'status:asc', label: 'Status' },
  { value: 'status:desc', label: 'Status (descending)' },
  { value: 'language:asc', label: 'Language' },
  { value: 'language:desc', label: 'Language (descending)' },
];

interface TemplatesListProps {
  /** The developer's list is per bot (null: every bot of the partner). */
  botId?: string | null;
  /** Where a row leads, given its id. */
  viewPath: (templateId: string) => string;
  /** The admin's review screen shows tabs by state; the developer's list a status filter. */
  tabs?: readonly TemplateTab[];
  showPartner?: boolean;
  /** The empty state's way to the builder. */
  createPath?: string;
}

/** A list of templates: search, channel, type, status, sort, pages, Excel and PDF of what is filtered. */
export function TemplatesList({
  botId,
  viewPath,
  tabs,
  showPartner = false,
  createPath,
}: TemplatesListProps) {
  const [tab, setTab] = useState(0);
  const [status, setStatus] = useState<TemplateState | undefined>(undefined);
  const [channel, setChannel] = useState<'rcs' | 'whatsapp' | undefined>(undefined);
  const [type, setType] = useState<TemplateListFilters['type']>(undefined);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('updated_at:desc');
  const paging = usePaging(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const exporter = useExportTemplates();
  const [sortField, order] = sort.split(':') as [NonNullable<TemplateListFilters['sort']>, 'asc' | 'desc'];
  const filters: TemplateListFilters = {
    bot_id: botId ?? undefined,
    status: tabs ? statusOfTab(tabs[tab]) : status,
    channel,
    type,
    search: debounced || undefined,
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
  const start = paging.page * paging.pageSize;
  const list = useQuery(templatesQueryOptions({ start, end: start + paging.pageSize }, filters));
  const counts: Partial<Record<string, number>> | undefined = list.data?.tabCounts;

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
          aria-label="Templates by state"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {tabs.map((t) => (
            <Tab key={t.key} label={<TabCountLabel label={t.label} count={counts?.[t.key]} />} />
          ))}
        </Tabs>
      )}
      <Box
        sx={{
          p: 2,
          display: 'grid',
          gap: 1.5,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(0, 1fr) repeat(4, 150px) auto' },
        }}
      >
        <TextInput
          size="small"
          label={showPartner ? 'Search template, bot or partner' : 'Search template or bot'}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            reset();
          }}
        />
        <SelectField
          label="Channel"
          all="All channels"
          value={channel ?? ''}
          options={CHANNEL_OPTIONS}
          onChange={(value) => {
            setChannel(value || undefined);
            reset();
          }}
        />
        <SelectField
          label="Type"
          all="All types"
          value={type ?? ''}
          options={TEMPLATE_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
          onChange={(value) => {
            setType(value || undefined);
            reset();
          }}
        />
        {tabs ? (
          <span />
        ) : (
          <SelectField
            label="Status"
            all="All statuses"
            value={status ?? ''}
            options={Object.entries(TEMPLATE_MACHINE.states).map(([key, state]) => ({
              value: key,
              label: state.label,
            }))}
            onChange={(value) => {
              setStatus((value || undefined) as TemplateState | undefined);
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
        <Box sx={{ display: 'flex', gap: 1, justifyContent: { lg: 'flex-end' } }}>
          <ExportButtons
            disabled={exporter.isPending}
            onExport={(format) => exporter.mutate({ format, filters })}
          />
        </Box>
      </Box>
      {exporter.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {errorMessage(exporter.error)}
        </Alert>
      )}
      <Rows
        list={list}
        filters={filters}
        paging={paging}
        viewPath={viewPath}
        showPartner={showPartner}
        createPath={createPath}
        sort={tableSort}
      />
    </Paper>
  );
}

const secondLine = { color: 'text.secondary', fontSize: '0.75rem', fontWeight: 400 } as const;

/** The list's columns: the partner on the admin's review screen. */
function templateColumns(
  viewPath: (templateId: string) => string,
  showPartner: boolean,
): ResponsiveColumn<TTemplateListItem>[] {
  return [
    {
      label: 'Template',
      sortField: 'name',
      render: (item) => (
        <>
          <Link component={RouterLink} to={viewPath(item.template_id)} sx={{ fontWeight: 500 }}>
            {item.name}
          </Link>
          <Box sx={secondLine}>{item.bot_name}</Box>
        </>
      ),
    },
    ...(showPartner ? [{ label: 'Partner', render: (item: TTemplateListItem) => item.partner_name }] : []),
    { label: 'Channel', render: (item) => CHANNEL_LABEL[item.channel] },
    { label: 'Type', render: (item) => TYPE_LABEL[item.type] },
    { label: 'Language', sortField: 'language', render: (item) => item.language },
    {
      label: 'Status',
      sortField: 'status',
      render: (item) => <StatusChip status={item.status} data-testid="template-status" />,
    },
    {
      label: 'Version',
      render: (item) => (
        <>
          v{item.version}
          {item.active_version !== null && item.active_version !== item.version && (
            <Box sx={secondLine}>v{item.active_version} in use</Box>
          )}
        </>
      ),
    },
    {
      label: 'Last change',
      sortField: 'updated_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (item) => String(formatDateTimeZoned(item.updated_at)),
    },
  ];
}

const WRAPPING_CHIPS = {
  '& .MuiChip-root': { height: 'auto', py: 0.25, maxWidth: '100%' },
  '& .MuiChip-label': { whiteSpace: 'normal' },
} as const;

function Rows({
  list,
  filters,
  paging,
  viewPath,
  showPartner,
  createPath,
  sort,
}: {
  sort: TableSort;
  list: UseQueryResult<TTemplateList>;
  filters: TemplateListFilters;
  paging: Paging;
  viewPath: (templateId: string) => string;
  showPartner: boolean;
  createPath: string | undefined;
}) {
  const filtered = Boolean(filters.search || filters.status || filters.channel || filters.type);
  return (
    <ListStatus
      query={list}
      noun="templates"
      empty={
        <EmptyState
          headingLevel="h3"
          icon={<ViewCarouselOutlined />}
          title={filtered ? 'No templates match' : 'No templates yet'}
          message={
            filtered
              ? 'No template matches these filters.'
              : createPath
                ? 'Build a text, a rich card, a carousel or a WhatsApp template, watching it on a handset as you type.'
                : 'Templates will be listed here once they are submitted.'
          }
          action={
            createPath && !filtered ? (
              <Button component={RouterLink} to={createPath} variant="contained" startIcon={<AddOutlined />}>
                Build a template
              </Button>
            ) : undefined
          }
        />
      }
    >
      {(data) => (
        <>
          {/* Long state labels wrap inside their chips, in the table and on the cards, never cut off. */}
          <Box sx={WRAPPING_CHIPS}>
            <ResponsiveTable
              label="Templates"
              columns={templateColumns(viewPath, showPartner)}
              rows={data.items}
              rowKey={(item) => item.template_id}
              sort={sort}
              hover
              tableSx={{ minWidth: 640 }}
            />
          </Box>
          <ListPagination paging={paging} count={data.total} />
        </>
      )}
    </ListStatus>
  );
}
