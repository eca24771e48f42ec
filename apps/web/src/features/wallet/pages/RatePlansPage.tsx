import Add from '@mui/icons-material/Add';
import SellOutlined from '@mui/icons-material/SellOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import MuiTab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { formatCurrency, formatDateTime, type RatePlanSort, type TRatePlan } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { allCarriersQueryOptions } from '@/lib/queries/reference-data';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { PageFrame } from '@/lib/ui/PageFrame';
import { type ResponsiveColumn, type ResponsiveExpansion, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { ratePlansQueryOptions, useExportRatePlans } from '../api/rate-plans';
import { PriceGrid } from '../components/PriceGrid';
import { RateCardsPanel } from '../components/RateCardsPanel';

// The form (and its form kit) loads when a version is started, not with the list.
const RatePlanDialog = lazy(() =>
  import('../components/RatePlanDialog').then((m) => ({ default: m.RatePlanDialog })),
);

function status(plan: TRatePlan, now: number): { label: string; color: 'success' | 'default' | 'info' } {
  const from = Date.parse(plan.effective_from);
  const to = plan.effective_to ? Date.parse(plan.effective_to) : null;
  if (from > now) return { label: 'Scheduled', color: 'info' };
  if (to !== null && to <= now) return { label: 'Ended', color: 'default' };
  return { label: 'In force', color: 'success' };
}

/** The versions' columns; read-write admins get a "New version" button on each. */
function planColumns(onNewVersion: ((plan: TRatePlan) => void) | null): ResponsiveColumn<TRatePlan>[] {
  const now = Date.now();
  const columns: ResponsiveColumn<TRatePlan>[] = [
    {
      label: 'Carrier',
      sortField: 'carrier',
      cellSx: { fontWeight: 500 },
      render: (plan) => (
        <>
          {plan.carrier_name}{' '}
          <Chip label={plan.country_id} size="small" variant="outlined" sx={{ ml: 0.5 }} />
        </>
      ),
    },
    { label: 'Plan', render: (plan) => `${plan.plan_code} · ${plan.partner_code}` },
    {
      label: 'Status',
      render: (plan) => {
        const state = status(plan, now);
        return <Chip label={state.label} color={state.color} size="small" />;
      },
    },
    {
      label: 'Effective from',
      sortField: 'effective_from',
      cellSx: { whiteSpace: 'nowrap' },
      render: (plan) => String(formatDateTime(plan.effective_from)),
    },
    {
      label: 'Until',
      cellSx: { whiteSpace: 'nowrap' },
      render: (plan) => (plan.effective_to ? String(formatDateTime(plan.effective_to)) : '—'),
    },
    {
      label: 'Verification',
      align: 'right',
      render: (plan) => formatCurrency(plan.verification_price),
    },
  ];
  if (onNewVersion)
    columns.push({
      label: 'Actions',
      hideLabel: true,
      align: 'right',
      render: (plan) => (
        <Button size="small" onClick={() => onNewVersion(plan)}>
          New version
        </Button>
      ),
    });
  return columns;
}

/** Every version opens onto its prices per message. */
const PLAN_PRICES: ResponsiveExpansion<TRatePlan> = {
  label: 'Prices',
  buttonLabel: (plan, open) =>
    `${open ? 'Hide' : 'Show'} prices of ${plan.carrier_name} version ${plan.rate_plan_id}`,
  render: (plan) => (
    <PriceGrid plan={plan} caption={`Prices of ${plan.carrier_name} version ${plan.rate_plan_id}`} />
  ),
};

const TABS = [
  { value: 'carriers', label: 'Carrier rate plans (RCS)' },
  { value: 'whatsapp', label: 'WhatsApp rate cards' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * /admin/rate-plans: every version of the carriers' rate plans (RCS) and of the countries' WhatsApp
 * rate cards, one tab each (the tab in the address, ?tab=whatsapp); read-write admins add versions.
 */
export default function RatePlansPage() {
  const canEdit = useCan('rate-plans.write');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'whatsapp' ? 'whatsapp' : 'carriers';

  return (
    <PageFrame
      title="Rate Plans"
      breadcrumbs={[{ label: 'Platform admin', to: '/admin/dashboard' }]}
      description="Each carrier's RCS prices and each country's WhatsApp prices, by version. A new version starts at its effective date and never changes what was already charged."
    >
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Read-only admins can view rate plans but not change them.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: Tab) =>
            setParams(value === 'carriers' ? {} : { tab: value }, { replace: true })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Price lists"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((t) => (
            <MuiTab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`tab-${t.value}`}
              aria-controls={`panel-${t.value}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'whatsapp' ? (
            <RateCardsPanel canEdit={canEdit} />
          ) : (
            <CarrierPlansPanel canEdit={canEdit} />
          )}
        </Box>
      </Paper>
    </PageFrame>
  );
}

/** The carriers' rate plan versions: search, carrier filter, pages, Excel/PDF, new versions. */
function CarrierPlansPanel({ canEdit }: { canEdit: boolean }) {
  const paging = usePaging(10);
  const { page, pageSize, setPage } = paging;
  const [dialog, setDialog] = useState<{ from: TRatePlan | null } | null>(null);
  const [carrierId, setCarrierId] = useState<number | undefined>(undefined);
  const [search, setSearch] = useState('');
  const sort = useListSort<RatePlanSort['sort']>({ field: 'carrier', order: 'asc' }, () => setPage(0));
  const start = page * pageSize;
  const filters = {
    carrierId,
    search: search.trim() || undefined,
    sort: { sort: sort.field, order: sort.order },
  };
  const plans = useQuery(ratePlansQueryOptions({ start, end: start + pageSize }, filters));
  const columns = planColumns(canEdit ? (plan) => setDialog({ from: plan }) : null);
  const carriers = useQuery(allCarriersQueryOptions);
  const exporter = useExportRatePlans();

  return (
    <>
      <ListToolbar
        wideColumns="minmax(0, 1fr) minmax(0, 1fr) auto"
        onExport={(format) => exporter.mutate({ format, filters })}
        exporting={exporter.isPending}
        exportError={exporter.error}
      >
        <TextInput
          size="small"
          label="Search carrier, country or plan"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
        <TextInput
          select
          size="small"
          label="Carrier"
          value={carrierId ?? ''}
          onChange={(event) => {
            setCarrierId(event.target.value === '' ? undefined : Number(event.target.value));
            setPage(0);
          }}
          helperText={carriers.isError ? 'Carriers could not be loaded' : undefined}
        >
          <option value="">All carriers</option>
          {(carriers.data?.items ?? []).map((carrier) => (
            <option key={carrier.carrier_id} value={carrier.carrier_id}>
              {carrier.carrier_name} ({carrier.country_id})
            </option>
          ))}
        </TextInput>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ from: null })}
            sx={{ justifySelf: 'end', gridColumn: { sm: '1 / -1', lg: 'auto' } }}
          >
            New version
          </Button>
        )}
        <SortSelect columns={columns} sort={sort.tableSort} />
      </ListToolbar>
      <ListStatus
        query={plans}
        noun="rate plans"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<SellOutlined />}
            title="No rate plans"
            message={search ? `No rate plan matches “${search}”.` : 'No carrier has a rate plan yet.'}
          />
        }
      >
        {(list) => (
          <>
            <ResponsiveTable
              label="Rate plan versions"
              columns={columns}
              sort={sort.tableSort}
              rows={list.items}
              rowKey={(plan) => String(plan.rate_plan_id)}
              expansion={PLAN_PRICES}
              hover
            />
            <ListPagination paging={paging} count={list.total} />
          </>
        )}
      </ListStatus>
      {dialog && (
        <Suspense fallback={null}>
          <RatePlanDialog
            key={dialog.from?.rate_plan_id ?? 'new'}
            open
            from={dialog.from}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </>
  );
}
