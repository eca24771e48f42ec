import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { CHART_PALETTE, formatCurrency } from '@portico/domain';

/** Room for the x axis' tick labels in the theme's font (the default height ellipsizes them away). */
const AXIS_HEIGHT = 34;

/** Screenshots and tests ask for still charts (no animation) through this flag on the document. */
const still = () => typeof document !== 'undefined' && document.documentElement.dataset.stillCharts === '1';

export interface TrendPoint {
  day: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  amount: number;
}

/** Messages per day (sent, delivered, read, failed) in the spec's palette. */
export function TrendChart({ points, label }: { points: readonly TrendPoint[]; label: string }) {
  const series = (['sent', 'delivered', 'read', 'failed'] as const).map((key, i) => ({
    data: points.map((p) => p[key]),
    label: key[0]?.toUpperCase() + key.slice(1),
    color: CHART_PALETTE[i] ?? CHART_PALETTE[0],
    showMark: false,
  }));
  return (
    <LineChart
      aria-label={label}
      height={260}
      skipAnimation={still()}
      xAxis={[{ scaleType: 'point', data: points.map((p) => p.day.slice(5)), height: AXIS_HEIGHT }]}
      series={series}
      margin={{ left: 8, right: 16 }}
    />
  );
}

/** Money per day as bars. */
export function MoneyChart({ points, label }: { points: readonly TrendPoint[]; label: string }) {
  return (
    <BarChart
      aria-label={label}
      height={220}
      skipAnimation={still()}
      xAxis={[{ scaleType: 'band', data: points.map((p) => p.day.slice(5)), height: AXIS_HEIGHT }]}
      series={[
        {
          data: points.map((p) => p.amount),
          label: 'Amount (USD)',
          color: CHART_PALETTE[4],
          valueFormatter: (v) => formatCurrency(v ?? 0),
        },
      ]}
      hideLegend
      margin={{ left: 8, right: 16 }}
    />
  );
}

export interface BarRow {
  label: string;
  sent: number;
}

/** A breakdown's top rows as horizontal bars; a click on a bar drills into it. */
export function BreakdownChart({
  rows,
  label,
  colour,
  onPick,
}: {
  rows: readonly BarRow[];
  label: string;
  colour: number;
  onPick: (index: number) => void;
}) {
  return (
    <BarChart
      aria-label={label}
      height={Math.max(120, rows.length * 34 + 40)}
      layout="horizontal"
      skipAnimation={still()}
      yAxis={[{ scaleType: 'band', data: rows.map((r) => r.label), width: 120 }]}
      xAxis={[{ height: AXIS_HEIGHT }]}
      series={[
        { data: rows.map((r) => r.sent), label: 'Sent', color: CHART_PALETTE[colour % CHART_PALETTE.length] },
      ]}
      hideLegend
      onItemClick={(_event, item) => onPick(item.dataIndex)}
      margin={{ left: 8, right: 16 }}
    />
  );
}
