import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  type CampaignStatus,
  formatCurrency,
  type TCampaignListItem,
} from '@portico/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DayField } from '@/lib/ui/DayField';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SearchField } from '@/lib/ui/SearchField';
import { CHANNEL_OPTIONS, SelectField, type SelectOption } from '@/lib/ui/SelectField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  campaignFacetsQueryOptions,
  campaignsQueryOptions,
  partnerBotsQueryOptions,
  useExportCampaigns,
} from '../api/campaigns';
import type { CampaignFilters, CampaignScope, CampaignSortField } from '../api/keys';
import { campaignPath } from './paths';
import { CampaignStatusChip, inCampaignZone, scheduleText } from './status';

const STATUS_OPTIONS: SelectOption<CampaignStatus>[] = CAMPAIGN_STATUSES.map((code) => ({
  value: code,
  label: CAMPAIGN_STATUS_LABELS[code],
}));

const figure = (n: number) => n.toLocaleString('en-US');

/** A partner or bot the admin's list is narrowed to from a row (or from the filters). */
interface Picked {
  id: string;
  name: string;
}

interface ColumnActions {
  /** The platform's partner and bot filters are chosen from a row. */
  pickPartner?: (picked: Picked) => void;
  pickBot?: (picked: Picked) => void;
}

function FilterLink({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <Link component="button" type="button" onClick={onClick} aria-label={label} sx={{ textAlign: 'left' }}>
      {children}
    </Link>
  );
}

function columns(scope: CampaignScope, actions: ColumnActions): ResponsiveColumn<TCampaignListItem>[] {
  const { pickPartner, pickBot } = actions;
  return [
    {
      label: 'Campaign',
      sortField: 'name',
      cellSx: { minWidth: 180 },
      render: (c) => (
        <Link
          component={RouterLink}
          to={campaignPath(scope, c.campaign_id)}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {c.name}
        </Link>
      ),
    },
    ...(scope === 'platform' && pickPartner
      ? [
          {
            label: 'Partner',
            render: (c: TCampaignListItem) => (
              <FilterLink
                label={`Show only ${c.partner_name}'s campaigns`}
                onClick={() => pickPartner({ id: c.partner_id, name: c.partner_name })}
              >
                {c.partner_name}
              </FilterLink>
            ),
          } satisfies ResponsiveColumn<TCampaignListItem>,
        ]
      : []),
    {
      label: 'Bot and template',
      cellSx: { minWidth: 160 },
      render: (c) => (
        <>
          {pickBot ? (
            <FilterLink
              label={`Show only ${c.bot_name}'s campaigns`}
              onClick={() => pickBot({ id: c.bot_id, name: c.bot_name })}
            >
              {c.bot_name}
            </FilterLink>
          ) : (
            <Typography variant="body2">{c.bot_name}</Typography>
          )}
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {c.channel === 'rcs' ? 'RCS' : 'WhatsApp'} · {c.template_name}
          </Typography>
        </>
      ),
    },
    {
      label: 'Status',
      sortField: 'status',
      render: (c) => <CampaignStatusChip status={c.status} paused={c.paused} />,
    },
    {
      label: 'Sent of recipients',
      align: 'right',
      sortField: 'recipients',
      cellSx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      render: (c) => `${figure(c.sent)} of ${figure(c.recipients)}`,
    },
    {
      label: 'Cost',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      // Estimated once started or scheduled (a pending campaign is priced on its last step).
      render: (c) =>
        c.status === 's'
          ? `${formatCurrency(c.estimate_total)} est.`
          : c.status === 'p'
            ? '—'
            : formatCurrency(c.charged),
    },
    {
      label: 'When',
      sortField: 'scheduled_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (c) => {
        // The time in the campaign's own zone, the zone under it.
        const [at = '', zone = ''] = scheduleText(c).split(' UTC');
        return (
          <>
            {at}
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              UTC{zone}
            </Typography>
          </>
        );
      },
    },
    {
      label: 'Created',
      sortField: 'created_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (c) => inCampaignZone(c.created_at, c.time_zone).split(' | ')[0],
    },
  ];
}

/**
 * The campaigns: search, status, channel, bot (and for the platform, partner) and date filters,
 * sort on the headers (a select on cards), pages, and Excel and PDF of what is filtered.
 */
/** The list as it opens: the first page of ten, newest first, nothing filtered. */
const FIRST_PAGE_SIZE = 10;
const FIRST_SORT = { field: 'created_at', order: 'desc' } as const satisfies {
  field: CampaignSortField;
  order: 'asc' | 'desc';
};

/**
 * The list's first data as it opens (its first page, and the bot or the partner and bot options),
 * asked for ahead when a link to the page is reached (Screen.preload).
 */
export function prefetchCampaignList(client: QueryClient, scope: CampaignScope) {
  const first = { staleTime: 10_000 };
  return Promise.all([
    client.prefetchQuery({
      ...campaignsQueryOptions(
        scope,
        { start: 0, end: FIRST_PAGE_SIZE },
        { sort: FIRST_SORT.field, order: FIRST_SORT.order },
      ),
      ...first,
    }),
    scope === 'platform'
      ? client.prefetchQuery({ ...campaignFacetsQueryOptions, ...first })
      : client.prefetchQuery({ ...partnerBotsQueryOptions, ...first }),
  ]);
}

export function CampaignList({ scope }: { scope: CampaignScope }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const [channel, setChannel] = useState<'' | 'rcs' | 'whatsapp'>('');
  const [botId, setBotId] = useState('');
  const [partnerId, setPartnerId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const paging = usePaging(FIRST_PAGE_SIZE);
  const sort = useListSort<CampaignSortField>(FIRST_SORT, () => paging.setPage(0));
  const debounced = useDebouncedValue(search.trim(), 300);
  const dateError = from && to && from > to ? 'To must not be before From' : null;
  const platform = scope === 'platform';
  const filters: CampaignFilters = {
    search: debounced || undefined,
    status: status || undefined,
    channel: channel || undefined,
    bot_id: botId || undefined,
    partner_id: (platform && partnerId) || undefined,
    from: from || undefined,
    to: to || undefined,
    sort: sort.field,
    order: sort.order,
  };
  const start = paging.page * paging.pageSize;
  const list = useQuery({
    ...campaignsQueryOptions(scope, { start, end: start + paging.pageSize }, filters),
    enabled: dateError === null,
  });
  const bots = useQuery({ ...partnerBotsQueryOptions, enabled: !platform });
  // The platform's partner and bot options: those that have campaigns (the bots of the chosen partner).
  const facets = useQuery({ ...campaignFacetsQueryOptions, enabled: platform });
  const botOptions = platform
    ? (facets.data?.bots ?? [])
        .filter((b) => !partnerId || b.partner_id === partnerId)
        .map((b) => ({ value: b.bot_id, label: b.name }))
    : (bots.data ?? []).map((b) => ({ value: b.bot_id, label: b.name }));
  const exporter = useExportCampaigns(scope);
  const filtered = Boolean(
    filters.search || filters.status || filters.channel || filters.bot_id || filters.partner_id || from || to,
  );
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.setPage(0);
    };
  const tableColumns = columns(
    scope,
    platform
      ? {
          pickPartner: (picked) => {
            change(setPartnerId)(picked.id);
            setBotId('');
          },
          pickBot: (picked) => change(setBotId)(picked.id),
        }
      : {},
  );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} component="section" aria-label="Campaigns">
      <ListToolbar
        wideColumns={`minmax(0, 1.4fr) repeat(${platform ? 6 : 5}, minmax(0, 1fr))`}
        exporting={exporter.isPending || dateError !== null}
        exportError={exporter.error}
        onExport={(format) => exporter.mutate({ format, filters })}
      >
        <SearchField
          label="Search campaigns"
          placeholder={platform ? 'Campaign, partner, bot or template' : 'Campaign, bot or template'}
          value={search}
          onChange={change(setSearch)}
        />
        <SelectField
          label="Status"
          all="All statuses"
          value={status}
          options={STATUS_OPTIONS}
          onChange={change(setStatus)}
        />
        <SelectField
          label="Channel"
          all="All channels"
          value={channel}
          options={CHANNEL_OPTIONS}
          onChange={change(setChannel)}
        />
        {platform && (
          <SelectField
            label="Partner"
            all="All partners"
            value={partnerId}
            options={(facets.data?.partners ?? []).map((p) => ({ value: p.partner_id, label: p.name }))}
            onChange={(value) => {
              change(setPartnerId)(value);
              setBotId('');
            }}
          />
        )}
        <SelectField
          label="Bot"
          all="All bots"
          value={botId}
          options={botOptions}
          onChange={change(setBotId)}
        />
        <DayField label="Created from" value={from} onChange={change(setFrom)} />
        <DayField label="Created to" value={to} error={dateError} onChange={change(setTo)} />
        <SortSelect columns={tableColumns} sort={sort.tableSort} />
      </ListToolbar>
      <ListStatus
        query={list}
        noun="campaigns"
        hidden={dateError !== null}
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<CampaignOutlined />}
            title={filtered ? 'No campaign matches' : 'No campaigns yet'}
            message={
              filtered
                ? 'Change the search or the filters.'
                : platform
                  ? 'Campaigns appear here as partners create them.'
                  : 'Create a campaign: a template of one of your bots, sent to an audience.'
            }
          />
        }
      >
        {(data) => (
          <>
            <ResponsiveTable
              label="Campaigns"
              columns={tableColumns}
              rows={data.items}
              rowKey={(c) => c.campaign_id}
              hover
              sort={sort.tableSort}
              tableSx={{ '& td': { verticalAlign: 'top' } }}
            />
            <ListPagination paging={paging} count={data.total} />
          </>
        )}
      </ListStatus>
    </Paper>
  );
}
