import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import {
  ANALYTICS_DIMENSION_LABELS,
  ANALYTICS_PRESET_LABELS,
  ANALYTICS_PRESETS,
  type AnalyticsDimension,
  type AnalyticsPreset,
  formatCurrency,
  formatDate,
  type TAnalyticsReport,
  type TAnalyticsRow,
  TIME_ZONE_OFFSETS,
} from '@portico/domain';
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { lazy, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { billingAnalyticsOptions } from '@/lib/queries/billing-analytics';
import { DayField } from '@/lib/ui/DayField';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { PageFrame } from '@/lib/ui/PageFrame';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { SelectField } from '@/lib/ui/SelectField';
import { useCan } from '@/lib/use-can';
import {
  exportView,
  FILTER_KEYS,
  FILTER_LABELS,
  FILTER_OF,
  type FilterKey,
  filterValue,
  paramsOf,
  viewOf,
} from '../api/view';
import { ChartCard } from '../components/ChartCard';
import { StatementDownload } from '../components/StatementDownload';
import { SummaryCards } from '../components/SummaryCards';

// The charts library loads only here, after the page's figures (decision 0031).
const TrendChart = lazy(() => import('../components/Charts').then((m) => ({ default: m.TrendChart })));
const MoneyChart = lazy(() => import('../components/Charts').then((m) => ({ default: m.MoneyChart })));
const BreakdownChart = lazy(() =>
  import('../components/Charts').then((m) => ({ default: m.BreakdownChart })),
);

const TITLES = { developer: 'My Billing', carrier: 'Billing', platform: 'Billing' } as const;
const count = (n: number) => n.toLocaleString('en-US');
/** Bars shown per breakdown chart (the table has every row). */
const TOP = 8;

/**
 * The page's first data (the default view: its preset period in its default zone, nothing
 * filtered), asked for ahead by Screen.preload.
 * @public (read from the page module by lib/feature.ts, not imported by name)
 */
export const prefetch = (client: QueryClient) =>
  client.prefetchQuery({
    ...billingAnalyticsOptions(paramsOf(viewOf(new URLSearchParams()))),
    staleTime: 10_000,
  });

/** MY BILLING, the carriers' BILLING and the platform's BILLING: one page, the audience from the role. */
export default function BillingAnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const area = useLocation().pathname.split('/')[1];
  const view = viewOf(search);
  const params = paramsOf(view);
  const customInvalid = view.preset === 'custom' && (!view.from || !view.to || view.from > view.to);
  const report = useQuery({ ...billingAnalyticsOptions(params), enabled: !customInvalid });
  const exporter = useMutation({ mutationFn: (format: 'xlsx' | 'pdf') => exportView(view, format) });

  /** Changes the address (so a view can be shared and Back returns to the one before). */
  const change = (next: Record<string, string | null>) => {
    const updated = new URLSearchParams(search);
    if (!updated.has('slug')) updated.set('slug', 'billing');
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') updated.delete(key);
      else updated.set(key, value);
    }
    setSearch(updated);
  };
  const drill = (dimension: AnalyticsDimension, row: TAnalyticsRow) => {
    const value = filterValue(dimension, row.key);
    if (value !== null) change({ [FILTER_OF[dimension]]: value });
  };
  const audience =
    report.data?.audience ?? (area === 'u' ? 'developer' : area === 'billing' ? 'carrier' : 'platform');
  const canStatement = useCan('analytics.statement');

  return (
    <PageFrame
      title={TITLES[audience]}
      description={
        audience === 'developer'
          ? 'Your messages, spend, verification fees and top-ups over time, by bot, carrier, country and more.'
          : audience === 'carrier'
            ? 'Traffic and revenue on your network, by partner, bot, country and more.'
            : 'Traffic and revenue of the platform, by carrier, partner, bot and more.'
      }
      actions={
        <ExportButtons disabled={!report.data || exporter.isPending} onExport={(f) => exporter.mutate(f)} />
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box
          role="group"
          aria-label="Range and time zone"
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 220px))',
            },
            alignItems: 'start',
          }}
        >
          <SelectField<AnalyticsPreset>
            label="Date range"
            value={view.preset}
            options={ANALYTICS_PRESETS.map((p) => ({ value: p, label: ANALYTICS_PRESET_LABELS[p] }))}
            onChange={(preset) =>
              change({ preset, ...(preset === 'custom' ? {} : { from: null, to: null }) })
            }
          />
          <SelectField<string>
            label="Time zone"
            value={view.zone}
            options={TIME_ZONE_OFFSETS.map((z) => ({
              value: z.offset,
              label: `${z.label} (UTC${z.offset})`,
            }))}
            onChange={(zone) => change({ zone })}
          />
          {view.preset === 'custom' && (
            <>
              <DayField label="From" value={view.from} onChange={(from) => change({ from })} />
              <DayField
                label="To"
                value={view.to}
                error={
                  view.from && view.to && view.from > view.to
                    ? 'Choose an end date on or after the start date.'
                    : undefined
                }
                onChange={(to) => change({ to })}
              />
            </>
          )}
        </Box>
        <FilterChips
          report={report.data}
          onRemove={(key) => change({ [key]: null })}
          onClear={() => change(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])))}
          filters={view.filters}
        />
        {exporter.isError && (
          <Alert severity="error">The export failed: {errorMessage(exporter.error)}</Alert>
        )}
        {customInvalid && (
          <Alert severity="info">Choose a start and an end date (at most 366 days) to see this range.</Alert>
        )}
        {!customInvalid && report.isPending && (
          <Box role="status" sx={{ color: 'text.secondary', py: 4 }}>
            Loading billing analytics…
          </Box>
        )}
        {report.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void report.refetch()}>
                Try again
              </Button>
            }
          >
            Billing analytics could not be loaded: {errorMessage(report.error)}
          </Alert>
        )}
        {canStatement && audience === 'developer' && <StatementDownload />}
        {canStatement && audience !== 'developer' && view.filters.partner_id && (
          <StatementDownload
            partnerId={view.filters.partner_id}
            partnerName={report.data?.filter_labels.partner_id ?? 'this partner'}
            report={audience === 'carrier'}
          />
        )}
        {report.data && <Report report={report.data} onDrill={drill} />}
      </Box>
    </PageFrame>
  );
}

function FilterChips({
  filters,
  report,
  onRemove,
  onClear,
}: {
  filters: Partial<Record<FilterKey, string>>;
  report: TAnalyticsReport | undefined;
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}) {
  const active = FILTER_KEYS.filter((k) => filters[k]);
  if (active.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      {active.map((key) => {
        const label = `${FILTER_LABELS[key]}: ${report?.filter_labels[key] ?? filters[key]}`;
        return (
          <Chip
            key={key}
            label={label}
            onDelete={() => onRemove(key)}
            aria-label={`${label}. Remove this filter`}
          />
        );
      })}
      <Link component="button" type="button" onClick={onClear}>
        Clear filters
      </Link>
    </Box>
  );
}

function Report({
  report,
  onDrill,
}: {
  report: TAnalyticsReport;
  onDrill: (d: AnalyticsDimension, row: TAnalyticsRow) => void;
}) {
  const points = useMemo(
    () => report.series.map((d) => ({ ...d, amount: Number(d.amount) })),
    [report.series],
  );
  const { range } = report;
  const empty =
    report.totals.sent + report.totals.delivered + report.totals.read + report.totals.failed === 0;
  return (
    <>
      <Box sx={{ color: 'text.secondary', typography: 'body2' }}>
        {String(formatDate(`${range.from}T00:00:00Z`, '+00:00'))} to{' '}
        {String(formatDate(`${range.to}T00:00:00Z`, '+00:00'))} ({range.days} days), compared with{' '}
        {String(formatDate(`${range.previous_from}T00:00:00Z`, '+00:00'))} to{' '}
        {String(formatDate(`${range.previous_to}T00:00:00Z`, '+00:00'))}.
      </Box>
      <SummaryCards report={report} />
      {empty ? (
        <EmptyState
          headingLevel="h2"
          icon={<InsightsOutlined />}
          title="No traffic in this range"
          message="Messages sent through the API and the receipts that come back are counted here once they are charged. Try a longer range or remove a filter."
        />
      ) : (
        <>
          <ChartCard
            title="Messages per day"
            chart={<TrendChart points={points} label="Messages sent, delivered, read and failed per day" />}
            table={<SeriesTable report={report} />}
          />
          <ChartCard
            title={report.audience === 'developer' ? 'Spend per day' : 'Revenue per day'}
            chart={<MoneyChart points={points} label="Money of messages charged per day" />}
            table={<SeriesTable report={report} money />}
          />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {(Object.keys(ANALYTICS_DIMENSION_LABELS) as AnalyticsDimension[])
              .filter((d) => report.breakdowns[d] !== undefined)
              .map((dimension, i) => (
                <Breakdown
                  key={dimension}
                  dimension={dimension}
                  rows={report.breakdowns[dimension] ?? []}
                  colour={i}
                  onDrill={(row) => onDrill(dimension, row)}
                />
              ))}
          </Box>
        </>
      )}
    </>
  );
}

function SeriesTable({ report, money = false }: { report: TAnalyticsReport; money?: boolean }) {
  type Day = TAnalyticsReport['series'][number];
  const columns: LocalSortColumn<Day>[] = [
    {
      label: 'Day',
      render: (d) => String(formatDate(`${d.day}T00:00:00Z`, '+00:00')),
      sortValue: (d) => d.day,
    },
    ...(money
      ? [
          {
            label: 'Amount',
            align: 'right' as const,
            render: (d: Day) => formatCurrency(d.amount),
            sortValue: (d: Day) => Number(d.amount),
          },
        ]
      : (['sent', 'delivered', 'read', 'failed'] as const).map((key) => ({
          label: key[0]?.toUpperCase() + key.slice(1),
          align: 'right' as const,
          render: (d: Day) => count(d[key]),
          sortValue: (d: Day) => d[key],
        }))),
  ];
  const sorted = useLocalSort(columns, report.series);
  return (
    <ResponsiveTable<Day>
      label={money ? 'Money per day' : 'Messages per day'}
      rowKey={(d) => d.day}
      rows={sorted.rows}
      columns={sorted.columns}
      sort={sorted.sort}
    />
  );
}

/** A breakdown's figures: its headers sort them in the browser (the chart keeps the top rows by sends). */
function BreakdownTable({
  dimension,
  rows,
  label,
  onDrill,
}: {
  dimension: AnalyticsDimension;
  rows: readonly TAnalyticsRow[];
  label: string;
  onDrill: (row: TAnalyticsRow) => void;
}) {
  const sorted = useLocalSort<TAnalyticsRow>(
    [
      {
        label: ANALYTICS_DIMENSION_LABELS[dimension],
        sortValue: (r) => r.label,
        render: (r) =>
          filterValue(dimension, r.key) === null ? (
            r.label
          ) : (
            <Link component="button" type="button" onClick={() => onDrill(r)} sx={{ textAlign: 'left' }}>
              {r.label}
            </Link>
          ),
      },
      { label: 'Sent', align: 'right', render: (r) => count(r.sent), sortValue: (r) => r.sent },
      {
        label: 'Delivered',
        align: 'right',
        render: (r) => count(r.delivered),
        sortValue: (r) => r.delivered,
      },
      { label: 'Read', align: 'right', render: (r) => count(r.read), sortValue: (r) => r.read },
      { label: 'Failed', align: 'right', render: (r) => count(r.failed), sortValue: (r) => r.failed },
      {
        label: 'Amount',
        align: 'right',
        render: (r) => formatCurrency(r.amount),
        sortValue: (r) => Number(r.amount),
      },
    ],
    rows,
  );
  return (
    <ResponsiveTable<TAnalyticsRow>
      label={label}
      rowKey={(r) => r.key}
      rows={sorted.rows}
      columns={sorted.columns}
      sort={sorted.sort}
    />
  );
}

function Breakdown({
  dimension,
  rows,
  colour,
  onDrill,
}: {
  dimension: AnalyticsDimension;
  rows: readonly TAnalyticsRow[];
  colour: number;
  onDrill: (row: TAnalyticsRow) => void;
}) {
  const title = `By ${ANALYTICS_DIMENSION_LABELS[dimension].toLowerCase()}`;
  const top = rows.slice(0, TOP);
  return (
    <ChartCard
      title={title}
      chart={
        rows.length === 0 ? (
          <Box sx={{ color: 'text.secondary' }}>Nothing to break down.</Box>
        ) : (
          <BreakdownChart
            rows={top}
            label={`Messages sent ${title.toLowerCase()}`}
            colour={colour}
            onPick={(index) => {
              const row = top[index];
              if (row) onDrill(row);
            }}
          />
        )
      }
      table={
        <BreakdownTable
          dimension={dimension}
          rows={rows}
          label={`Messages and money ${title.toLowerCase()}`}
          onDrill={onDrill}
        />
      }
    />
  );
}
