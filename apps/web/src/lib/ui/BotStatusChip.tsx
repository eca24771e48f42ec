import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TBotStatus } from '@portico/domain';

const COLOURS: Record<string, 'grey' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  in_progress: 'grey',
  in_progress_carrier_submission: 'grey',
  selected: 'grey',
  submitted_for_launch: 'info',
  submitted: 'info',
  bot_forwarded_by_portico: 'warning',
  bot_to_be_approved_by_carrier: 'warning',
  to_be_approved_by_carrier: 'warning',
  bot_approved_by_portico: 'primary',
  bot_approved_by_portico_pending_from_carrier: 'primary',
  approved_pending_from_carrier: 'primary',
  // One carrier's own decision and its launch (BOT_CARRIER_MACHINE).
  approved: 'success',
  launching: 'info',
  launched: 'success',
  launch_failed: 'error',
  bot_rejected_by_portico: 'error',
  rejected: 'error',
};

/**
 * A bot's (or one carrier's) state in the spec's words: the colour is in the border and the dot,
 * the text stays dark so it reads at any tint (axe colour contrast).
 */
export function BotStatusChip({ status, prefix }: { status: TBotStatus; prefix?: string }) {
  const colour = COLOURS[status.key] ?? 'grey';
  const tint = colour === 'grey' ? 'grey.500' : `${colour}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={prefix ? `${prefix}: ${status.label}` : status.label}
      icon={
        <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: tint }} />
      }
      sx={{
        color: 'text.primary',
        borderColor: tint,
        maxWidth: '100%',
        height: 'auto',
        minHeight: 24,
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        '& .MuiChip-icon': { ml: 1, mr: -0.25 },
      }}
    />
  );
}
