import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate, type TPartnerUsage, type TUsageCounts } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { DayField } from '@/lib/ui/DayField';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { defaultUsageWindow, type UsageWindow, usageQueryOptions, useExportUsage } from '../api/usage';

const COLUMNS: readonly { key: keyof Omit<TUsageCounts, 'charged' | 'pending_amount'>; label: string }[] = [
  { key: 'sent', label: 'Sent' },
  { key: 'pending', label: 'Sent, charge pending' },
  { key: 'delivered', label: 'Delivered' },
  { key: 'read', label: 'Read' },
  { key: 'failed', label: 'Failed' },
  { key: 'events', label: 'Other events' },
];
const number = (value: number) => value.toLocaleString('en-US');

/**
 * The bot's usage of the partner API (issue 16, point 5): a range of days (the last 30 unless
 * changed), a row per day and per carrier with messages sent and failed, delivered and read
 * receipts, other events and the money charged; the totals; Excel and PDF. Messages whose charge
 * is not settled yet (metering settles every minute) show as pending at once, then as sent.
 */
export function UsagePanel({ botId }: { botId: string }) {
  const [range, setRange] = useState<UsageWindow>(() => defaultUsageWindow());
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const usage = useQuery({ ...usageQueryOptions(botId, range), enabled: valid });
  const exporter = useExportUsage(botId);

  return (
    <Paper component="section" variant="outlined" sx={{ overflow: 'hidden' }} aria-labelledby="usage-title">
      <Box sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography id="usage-title" component="h2" variant="h3">
          Usage
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 200px)) auto' },
            alignItems: 'start',
          }}
        >
          <DayField label="From" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />
          <DayField
            label="To"
            value={range.to}
            error={valid ? undefined : 'Choose a start date on or before the end date.'}
            onChange={(to) => setRange((r) => ({ ...r, to }))}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <ExportButtons
              disabled={!valid || exporter.isPending}
              onExport={(format) => exporter.mutate({ format, window: range })}
            />
          </Box>
        </Box>
        {exporter.isError && <Alert severity="error">{errorMessage(exporter.error)}</Alert>}
        {valid && usage.data && usage.data.totals.pending > 0 && (
          <Alert severity="info" role="status">
            {number(usage.data.totals.pending)} message{usage.data.totals.pending === 1 ? '' : 's'} sent,
            charge pending: {usage.data.totals.pending_amount} {usage.data.currency}. Charges settle to the
            wallet within about a minute.
          </Alert>
        )}
        {valid && usage.isPending && (
          <Box role="status" sx={{ color: 'text.secondary' }}>
            Loading the bot's usage…
          </Box>
        )}
        {usage.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void usage.refetch()}>
                Try again
              </Button>
            }
          >
            The usage could not be loaded: {errorMessage(usage.error)}
          </Alert>
        )}
        {valid && usage.data && usage.data.days.length === 0 && (
          <EmptyState
            headingLevel="h3"
            icon={<QueryStatsOutlined />}
            title="No usage in these dates"
            message="Messages your server sends through the API and the events that come back are counted here, per day and per carrier."
          />
        )}
      </Box>
      {valid && usage.data && usage.data.days.length > 0 && <UsageTables usage={usage.data} />}
    </Paper>
  );
}

function Totals({ usage }: { usage: TPartnerUsage }) {
  const figures = [
    ...COLUMNS.map((c) => ({ label: c.label, value: number(usage.totals[c.key]) })),
    { label: `Charged (${usage.currency})`, value: usage.totals.charged },
    { label: `Pending (${usage.currency})`, value: usage.totals.pending_amount },
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{
        m: 0,
        px: 2,
        pb: 2,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
      }}
    >
      {figures.map((f) => (
        <Box key={f.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
            {f.label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0 }}>
            {f.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The counts' columns after the row's own (the day, or the carrier and its country). */
function countColumns<Row extends TUsageCounts>(currency: string): LocalSortColumn<Row>[] {
  return [
    ...COLUMNS.map(
      (c): LocalSortColumn<Row> => ({
        label: c.label,
        align: 'right',
        render: (row) => number(row[c.key]),
        sortValue: (row) => row[c.key],
      }),
    ),
    {
      label: `Charged (${currency})`,
      align: 'right',
      render: (row) => row.charged,
      sortValue: (row) => Number(row.charged),
    },
    {
      label: `Pending (${currency})`,
      align: 'right',
      render: (row) => row.pending_amount,
      sortValue: (row) => Number(row.pending_amount),
    },
  ];
}

type DayRow = TPartnerUsage['days'][number];
type CarrierRow = TPartnerUsage['carriers'][number];

function UsageTables({ usage }: { usage: TPartnerUsage }) {
  // Every row is here (a day or a carrier each): the headers sort them in the browser.
  const days = useLocalSort<DayRow>(
    [
      // formatDate leaves the footer's 'Total' as it is.
      { label: 'Day (UTC)', render: (d) => formatDate(d.day), sortValue: (d) => d.day },
      ...countColumns<DayRow>(usage.currency),
    ],
    usage.days,
  );
  const carriers = useLocalSort<CarrierRow>(
    [
      {
        label: 'Carrier',
        render: (c) => c.carrier_name ?? 'Unknown carrier',
        sortValue: (c) => c.carrier_name,
      },
      { label: 'Country', render: (c) => c.country_id ?? '—', sortValue: (c) => c.country_id },
      ...countColumns<CarrierRow>(usage.currency),
    ],
    usage.carriers,
  );
  return (
    <>
      <Totals usage={usage} />
      <ResponsiveTable
        label="Usage per day"
        columns={days.columns}
        rows={days.rows}
        sort={days.sort}
        rowKey={(d) => d.day}
        footerRow={{ ...usage.totals, day: 'Total' }}
      />
      <Typography component="h3" variant="h4" sx={{ px: 2, pt: 2 }}>
        By carrier
      </Typography>
      <ResponsiveTable
        label="Usage per carrier"
        columns={carriers.columns}
        rows={carriers.rows}
        sort={carriers.sort}
        rowKey={(c) => `${c.carrier_id ?? ''}-${c.country_id ?? ''}`}
      />
    </>
  );
}
