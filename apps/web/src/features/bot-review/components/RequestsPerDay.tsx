import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatDate, type TReviewDashboard } from '@portico/domain';
import { useState } from 'react';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { SortableHeaderCell } from '@/lib/ui/ResponsiveTable';

type Day = TReviewDashboard['requests'][number];
const SERIES = [
  { key: 'bots', label: 'Bots', colour: 'primary.main' },
  { key: 'brands', label: 'Brands', colour: 'warning.main' },
  { key: 'aggregators', label: 'Aggregators', colour: 'success.main' },
] as const;

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', bgcolor: colour, mr: 0.75 }}
    />
  );
}

/** Stacked columns per day, oldest on the left, with the legend; the figures are in the table. */
function DaysChart({ days, peak }: { days: readonly Day[]; peak: number }) {
  const oldestFirst = [...days].reverse();
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Box
        role="img"
        aria-label={`Requests per day, ${days.length} days with requests; the figures are in the table`}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 160 }}
      >
        {oldestFirst.map((day) => (
          <Box
            key={day.day}
            title={`${String(formatDate(day.day))}: ${day.bots} bots, ${day.brands} brands, ${day.aggregators} aggregators`}
            sx={{
              flex: 1,
              minWidth: 4,
              maxWidth: 32,
              height: '100%',
              display: 'flex',
              flexDirection: 'column-reverse',
            }}
          >
            {SERIES.map((series) => (
              <Box
                key={series.key}
                sx={{ height: `${(day[series.key] / peak) * 100}%`, bgcolor: series.colour }}
              />
            ))}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }} aria-hidden>
        {SERIES.map((series) => (
          <Typography
            key={series.key}
            variant="caption"
            sx={{ display: 'inline-flex', alignItems: 'center' }}
          >
            <Swatch colour={series.colour} />
            {series.label}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** What the table's headers sort by (its cells are laid out below). */
const SORTS: readonly LocalSortColumn<Day>[] = [
  { label: 'Day', render: () => null, sortValue: (day) => day.day },
  ...SERIES.map((series) => ({
    label: series.label,
    render: () => null,
    sortValue: (day: Day) => day[series.key],
  })),
  { label: 'Total', render: () => null, sortValue: (day) => day.bots + day.brands + day.aggregators },
];

/** The figures per day, newest first until a header is clicked (for screen readers and for copying). */
function DaysTable({ days }: { days: readonly Day[] }) {
  const sorted = useLocalSort(SORTS, days);
  // At most 30 rows: the table grows rather than scroll inside the card.
  return (
    <TableContainer>
      <Table size="small" aria-label="Requests per day">
        <TableHead>
          <TableRow>
            <SortableHeaderCell label="Day" field="Day" sort={sorted.sort} />
            {SERIES.map((series) => (
              <SortableHeaderCell
                key={series.key}
                label={series.label}
                field={series.label}
                sort={sorted.sort}
                align="right"
                sx={{ whiteSpace: 'nowrap' }}
                adornment={<Swatch colour={series.colour} />}
              />
            ))}
            <SortableHeaderCell label="Total" field="Total" sort={sorted.sort} align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.rows.map((day) => (
            <TableRow key={day.day}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{String(formatDate(day.day))}</TableCell>
              {SERIES.map((series) => (
                <TableCell key={series.key} align="right">
                  {day[series.key]}
                </TableCell>
              ))}
              <TableCell align="right">{day.bots + day.brands + day.aggregators}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Requests received per day: a chart of stacked columns with its table behind a toggle, as the
 * analytics charts have (every chart has a table). Days without requests are left out.
 */
export function RequestsPerDay({ requests }: { requests: readonly Day[] }) {
  const [shown, setShown] = useState<'chart' | 'table'>('chart');
  const days = requests.filter((day) => day.bots + day.brands + day.aggregators > 0).reverse();
  const peak = Math.max(1, ...days.map((day) => day.bots + day.brands + day.aggregators));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="requests-per-day"
      sx={{ overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          p: 2,
          pb: 1,
        }}
      >
        <Typography id="requests-per-day" variant="h2" sx={{ fontSize: '1.125rem' }}>
          Requests per day (last 30 days)
        </Typography>
        {days.length > 0 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={shown}
            aria-label="Requests per day: show as"
            onChange={(_event, value: 'chart' | 'table' | null) => value && setShown(value)}
          >
            <ToggleButton value="chart">Chart</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      {days.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
          No requests in the last 30 days.
        </Typography>
      ) : shown === 'chart' ? (
        <DaysChart days={days} peak={peak} />
      ) : (
        <DaysTable days={days} />
      )}
    </Paper>
  );
}
