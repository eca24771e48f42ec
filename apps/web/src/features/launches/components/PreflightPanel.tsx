import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LaunchStepSlug } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/http/api-error';
import { PreflightResult } from '@/lib/ui/LaunchSummaryView';
import { launchPreflightQueryOptions } from '../api/get-launch';
import { launchStepPath } from './launch-paths';

/** The pre-flight check: everything a carrier would reject the launch for, each with a link to its fix. */
export function PreflightPanel({ botId }: { botId: string }) {
  const preflight = useQuery(launchPreflightQueryOptions(botId));
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="preflight-title"
      sx={{ p: 2, minWidth: 0 }}
      data-testid="preflight-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="preflight-title" variant="h2" sx={{ flex: 1, fontSize: '1.125rem' }}>
          Pre-flight check
        </Typography>
        <Button
          size="small"
          startIcon={<RefreshOutlined />}
          onClick={() => void preflight.refetch()}
          disabled={preflight.isFetching}
        >
          Check again
        </Button>
      </Box>
      {preflight.isFetching && <LinearProgress aria-label="Checking the launch" sx={{ mb: 1 }} />}
      {preflight.isError ? (
        <Alert severity="error">The pre-flight check could not run: {errorMessage(preflight.error)}</Alert>
      ) : preflight.data ? (
        <PreflightResult
          preflight={preflight.data}
          href={(item) => launchStepPath(item.step as LaunchStepSlug, botId, item.field)}
        />
      ) : (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          Checking the launch…
        </Typography>
      )}
    </Paper>
  );
}
