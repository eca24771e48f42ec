import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TBrandStatus } from '@portico/domain';

const COLOURS: Record<string, 'grey' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  draft: 'grey',
  awaiting_platform: 'grey',
  submitted: 'info',
  forwarded: 'warning',
  to_be_approved_by_carrier: 'warning',
  approved_pending_carrier: 'primary',
  approved: 'success',
  rejected: 'error',
};

/**
 * A brand's (or one carrier's review's) state, in the spec's words: the colour is in the border and
 * the dot, the text stays dark so it reads at any tint (axe colour contrast).
 */
export function BrandStatusChip({ status }: { status: TBrandStatus }) {
  const colour = COLOURS[status.key] ?? 'grey';
  const tint = colour === 'grey' ? 'grey.500' : `${colour}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status.label}
      icon={
        <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: tint }} />
      }
      sx={{ color: 'text.primary', borderColor: tint, '& .MuiChip-icon': { ml: 1, mr: -0.25 } }}
    />
  );
}
