import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CHART_PALETTE, formatCurrency, percentChange } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { billingAnalyticsOptions } from '@/lib/queries/billing-analytics';

/** The period the dashboards show: the last 30 days in Indian Standard Time, as BILLING opens. */
const PARAMS = { preset: '30d', zone: '+05:30' } as const;
const WIDTH = 240;
const HEIGHT = 48;

/** A small line of the days' revenue (plain SVG: the dashboards load no chart library). */
function Sparkline({ values }: { values: readonly number[] }) {
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values
    .map(
      (v, i) =>
        `${(i * step).toFixed(1)},${(HEIGHT - 2 - (max > 0 ? (v / max) * (HEIGHT - 4) : 0)).toFixed(1)}`,
    )
    .join(' ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      height={HEIGHT}
      aria-hidden="true"
      preserveAspectRatio="none"
    >
      <polyline points={points} fill="none" stroke={CHART_PALETTE[0]} strokeWidth="2" />
    </svg>
  );
}

/**
 * The dashboards' Revenue card (issue 29): the last 30 days' revenue (the platform's, or a carrier's
 * network's), its change against the 30 days before, the days' line, and the link to BILLING.
 */
export default function RevenueCard({ billingPath }: { billingPath: string }) {
  const report = useQuery(billingAnalyticsOptions(PARAMS));
  const data = report.data;
  const change = data ? percentChange(Number(data.money.revenue), Number(data.previous_money.revenue)) : null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="revenue-heading"
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Typography id="revenue-heading" variant="h2" sx={{ fontSize: '1.125rem' }}>
        Revenue
      </Typography>
      {report.isPending && (
        <Box role="status" sx={{ color: 'text.secondary' }}>
          Loading revenue…
        </Box>
      )}
      {report.isError && (
        <Alert severity="error">Revenue could not be loaded: {errorMessage(report.error)}</Alert>
      )}
      {data && (
        <>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            Last 30 days (Indian Standard Time)
          </Typography>
          <Typography component="p" variant="h4" sx={{ m: 0 }}>
            {formatCurrency(data.money.revenue)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {change === null
              ? 'None in the 30 days before'
              : change === 0
                ? 'No change against the 30 days before'
                : `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)}% against the 30 days before`}
          </Typography>
          <Sparkline values={data.series.map((d) => Number(d.amount))} />
        </>
      )}
      <Link component={RouterLink} to={billingPath}>
        Open BILLING
      </Link>
    </Paper>
  );
}
