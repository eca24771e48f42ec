import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ReachResult } from '@/lib/audiences/ReachResult';
import { audienceReachQueryOptions, rcsBotsQueryOptions, useCheckReach } from '@/lib/audiences/reach';
import { errorMessage } from '@/lib/http/api-error';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';

/**
 * A ready audience's reach: pick one of the partner's launched RCS bots, check how many of the kept
 * recipients it can message (the network's capability check, run on the server; its progress read
 * every 2 s), see the split, or why it failed. Read-only users see the results without the button.
 */
export function ReachCard({ audienceId }: { audienceId: string }) {
  const canWrite = useCan('audiences.write');
  const reach = useQuery(audienceReachQueryOptions(audienceId));
  const rcsBots = useQuery(rcsBotsQueryOptions());
  const check = useCheckReach(audienceId);
  const [chosen, setChosen] = useState('');
  const bots = rcsBots.data?.items ?? [];
  const checks = reach.data?.items ?? [];
  // The bot picked, else the one checked last, else the first launched RCS bot.
  const latest = [...checks].sort((a, b) => b.started_at.localeCompare(a.started_at))[0];
  const botId = chosen || latest?.bot_id || bots[0]?.bot_id || '';
  const current = checks.find((r) => r.bot_id === botId);
  const running = current?.status === 'running';
  const known = new Set(bots.map((b) => b.bot_id));
  // A bot checked earlier that is no longer a launched RCS bot is still shown by its name.
  const options = [
    ...bots.map((b) => ({ id: b.bot_id, name: b.name })),
    ...checks.filter((r) => !known.has(r.bot_id)).map((r) => ({ id: r.bot_id, name: r.bot_name })),
  ];

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
      aria-labelledby="reach-title"
    >
      <Typography id="reach-title" component="h3" variant="h3">
        Reach
      </Typography>
      <Typography variant="body2" color="text.secondary">
        How many of the kept recipients an RCS bot can message, asked of its network before a campaign sends
        anything.
      </Typography>
      {rcsBots.isError && <Alert severity="error">{errorMessage(rcsBots.error)}</Alert>}
      {rcsBots.isSuccess && options.length === 0 ? (
        <Typography variant="body2">
          You have no launched RCS bot yet: reach is checked through one.
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
          }}
        >
          <TextInput
            select
            size="small"
            label="RCS bot"
            value={options.some((o) => o.id === botId) ? botId : ''}
            onChange={(event) => {
              setChosen(event.target.value);
              check.reset();
            }}
            disabled={rcsBots.isPending}
            sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
          >
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </TextInput>
          {canWrite && (
            <Button
              variant="contained"
              disabled={!botId || running || check.isPending}
              onClick={() => check.mutate(botId)}
            >
              {current && !running ? 'Check again' : 'Check reach'}
            </Button>
          )}
        </Box>
      )}
      {check.isError && <Alert severity="error">{errorMessage(check.error)}</Alert>}
      {reach.isError && <Alert severity="error">{errorMessage(reach.error)}</Alert>}
      {reach.isPending && <Typography role="status">Loading the reach…</Typography>}
      {current ? (
        <ReachResult check={current} />
      ) : (
        reach.isSuccess &&
        botId && (
          <Typography variant="body2" color="text.secondary">
            Not checked through this bot yet.
          </Typography>
        )
      )}
    </Paper>
  );
}
