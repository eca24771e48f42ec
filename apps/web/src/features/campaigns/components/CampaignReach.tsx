import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ReachResult } from '@/lib/audiences/ReachResult';
import { audienceReachQueryOptions, useCheckReach } from '@/lib/audiences/reach';
import { errorMessage } from '@/lib/http/api-error';
import { useCan } from '@/lib/use-can';

/**
 * The cost step's reach of an RCS campaign: how many of the chosen audience the chosen bot can
 * message over RCS when it was last checked, with a button to check it (again).
 */
export function CampaignReach({ audienceId, botId }: { audienceId: string; botId: string }) {
  const canCheck = useCan('audiences.write');
  const reach = useQuery(audienceReachQueryOptions(audienceId));
  const check = useCheckReach(audienceId);
  const current = reach.data?.items.find((r) => r.bot_id === botId);
  const running = current?.status === 'running';
  return (
    <Box component="section" aria-labelledby="campaign-reach-title" sx={{ display: 'grid', gap: 1 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography id="campaign-reach-title" component="h3" variant="h4">
          Reach over RCS
        </Typography>
        {canCheck && (
          <Button
            size="small"
            variant="outlined"
            disabled={running || check.isPending || reach.isPending}
            onClick={() => check.mutate(botId)}
          >
            {current && !running ? 'Check again' : 'Check reach'}
          </Button>
        )}
      </Box>
      {reach.isPending && <Typography role="status">Loading the reach…</Typography>}
      {reach.isError && <Alert severity="error">{errorMessage(reach.error)}</Alert>}
      {check.isError && <Alert severity="error">{errorMessage(check.error)}</Alert>}
      {current ? (
        <ReachResult check={current} />
      ) : (
        reach.isSuccess && (
          <Typography variant="body2" color="text.secondary">
            Not checked yet: check how many of this audience the bot can message over RCS before you start.
          </Typography>
        )
      )}
    </Box>
  );
}
