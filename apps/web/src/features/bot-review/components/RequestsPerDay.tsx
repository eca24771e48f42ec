import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, type TReviewDashboard } from '@portico/domain';
import { type LocalSortColumn, useLocalSort } from '@/lib/ui/local-sort';
import { SortableHeaderCell } from '@/lib/ui/ResponsiveTable';
import { visuallyHidden } from '@/lib/ui/visually-hidden';

type Day = TReviewDashboard['requests'][number];
const SERIES = [
  { key: 'bots', label: 'Bots', colour: 'primary.main' },
  { key: 'brands', label: 'Brands', colour: 'warning.main' },
  { key: 'aggregators', label: 'Aggregators', colour: 'success.main' },
] as const;

/** What the headers sort by (the cells are laid out below, beside the bars). */
const SORTS: readonly LocalSortColumn<Day>[] = [
  { label: 'Day', render: () => null, sortValue: (day) => day.day },
  ...SERIES.map((series) => ({
    label: series.label,
    render: () => null,
    sortValue: (day: Day) => day[series.key],
  })),
];

/**
 * Requests received per day: a stacked bar per day (newest first) beside its figures, so the table
 * is the chart and a screen reader reads the numbers. Days without requests are left out.
 */
export function RequestsPerDay({ requests }: { requests: readonly Day[] }) {
  const sorted = useLocalSort(
    SORTS,
    requests.filter((day) => day.bots + day.brands + day.aggregators > 0).reverse(),
  );
  const days = sorted.rows;
  const peak = Math.max(1, ...days.map((day) => day.bots + day.brands + day.aggregators));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="requests-per-day"
      sx={{ overflow: 'hidden' }}
    >
      <Typography id="requests-per-day" variant="h2" sx={{ fontSize: '1.125rem', p: 2, pb: 1 }}>
        Requests per day (last 30 days)
      </Typography>
      {days.length === 0 ? (
        <Typography variant="body2" sx={{ px: 2, pb: 2, color: 'text.secondary' }}>
          No requests in the last 30 days.
        </Typography>
      ) : (
        // At most 30 rows: the table grows rather than scroll inside the card.
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
                    // The series' colour in the bars: the header is the chart's legend.
                    adornment={
                      <Box
                        component="span"
                        aria-hidden
                        sx={{
                          display: 'inline-block',
                          width: 8,
                          height: 8,
                          borderRadius: '50%',
                          bgcolor: series.colour,
                          mr: 0.75,
                        }}
                      />
                    }
                  />
                ))}
                <TableCell sx={{ width: '40%', display: { xs: 'none', sm: 'table-cell' } }}>
                  <Box component="span" sx={visuallyHidden}>
                    Chart
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.day}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{String(formatDate(day.day))}</TableCell>
                  {SERIES.map((series) => (
                    <TableCell key={series.key} align="right">
                      {day[series.key]}
                    </TableCell>
                  ))}
                  <TableCell aria-hidden sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    <Box sx={{ display: 'flex', height: 10, borderRadius: 1, overflow: 'hidden' }}>
                      {SERIES.map((series) => (
                        <Box
                          key={series.key}
                          sx={{ width: `${(day[series.key] / peak) * 100}%`, bgcolor: series.colour }}
                        />
                      ))}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
