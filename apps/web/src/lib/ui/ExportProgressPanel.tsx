import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ExportInProgress } from '@/lib/http/export-progress';
import { ProgressBar } from './ProgressBar';

const count = new Intl.NumberFormat('en-US');

/**
 * The large exports being prepared (the server renders them in the background): one line each,
 * with its rows done of the total, in a corner of every page until the file is saved.
 */
export default function ExportProgressPanel({ exports }: { exports: readonly ExportInProgress[] }) {
  return (
    <Paper
      role="status"
      aria-live="polite"
      elevation={6}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        width: { sm: 360 },
        p: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Stack spacing={2}>
        {exports.map((item) => {
          const percent = item.total > 0 ? (item.done / item.total) * 100 : 0;
          const name = item.fileName ?? 'your export';
          return (
            <Stack key={item.id} spacing={0.75}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                Preparing {name}
              </Typography>
              <ProgressBar value={percent} label={`Preparing ${name}`} />
              <Typography variant="caption" color="text.secondary">
                {item.done >= item.total
                  ? `${count.format(item.total)} rows done, saving the file…`
                  : `${count.format(item.done)} of ${count.format(item.total)} rows (${Math.floor(percent)}%)`}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
