import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime, reachPercent, type TAudienceReachCheck } from '@portico/domain';
import { ProgressBar } from '@/lib/ui/ProgressBar';
import { FigureItem } from './FigureItem';

const figure = (n: number) => n.toLocaleString('en-US');

/**
 * One reach check through one RCS bot: its progress while the network is asked, then how many
 * recipients are RCS-capable and how many are not (with their share), or why it failed.
 */
export function ReachResult({ check }: { check: TAudienceReachCheck }) {
  const asked = check.rcs_capable + check.not_rcs_capable;
  if (check.status === 'running')
    return (
      <Box aria-live="polite" sx={{ display: 'grid', gap: 0.5 }}>
        <Typography variant="body2">
          Asking the network about {check.bot_name}'s reach: {figure(asked)} of {figure(check.recipients)}{' '}
          recipients checked
        </Typography>
        <ProgressBar
          value={check.recipients > 0 ? (asked / check.recipients) * 100 : 0}
          label="Checking reach"
        />
      </Box>
    );
  if (check.status === 'failed')
    return (
      <Alert severity="error">
        The reach check through {check.bot_name} stopped: {check.failure ?? 'the network did not answer.'}{' '}
        Check again in a moment.
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          '& dd': { m: 0, fontSize: '1.25rem', fontWeight: 600 },
        }}
      >
        <FigureItem label="RCS-capable">
          {figure(check.rcs_capable)}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({reachPercent(check.rcs_capable, asked)})
          </Typography>
        </FigureItem>
        <FigureItem label="Not RCS-capable">
          {figure(check.not_rcs_capable)}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({reachPercent(check.not_rcs_capable, asked)})
          </Typography>
        </FigureItem>
      </Box>
      <ProgressBar value={asked > 0 ? (check.rcs_capable / asked) * 100 : 0} label="Share RCS-capable" />
      <Typography variant="body2" color="text.secondary">
        Through {check.bot_name}, checked {check.checked_at ? formatDateTime(check.checked_at, '+00:00') : ''}{' '}
        UTC. Recipients that are not RCS-capable get a campaign's fallback, or are skipped.
      </Typography>
    </Box>
  );
}
