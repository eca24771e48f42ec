import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useId, useState } from 'react';

/** A chart with its table behind a toggle (for screen readers and copying); the chart first. */
export function ChartCard({
  title,
  chart,
  table,
  actions,
}: {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
}) {
  const [shown, setShown] = useState<'chart' | 'table'>('chart');
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          justifyContent: 'space-between',
        }}
      >
        <Typography id={id} component="h2" variant="h3">
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {actions}
          <ToggleButtonGroup
            size="small"
            exclusive
            value={shown}
            aria-label={`${title}: show as`}
            onChange={(_event, value: 'chart' | 'table' | null) => value && setShown(value)}
          >
            <ToggleButton value="chart">Chart</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Box>
      {shown === 'chart' ? (
        <Suspense
          fallback={
            <Box role="status" sx={{ height: 220, color: 'text.secondary' }}>
              Loading the chart…
            </Box>
          }
        >
          {chart}
        </Suspense>
      ) : (
        table
      )}
    </Paper>
  );
}
