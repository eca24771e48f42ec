import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { TTemplateStatus } from '@portico/domain';

const COLOURS: Record<TTemplateStatus['key'], 'grey' | 'success' | 'error' | 'warning' | 'info'> = {
  draft: 'grey',
  pending: 'info',
  approved: 'success',
  rejected: 'error',
  paused: 'warning',
};

/** A template version's state: the colour in the border and the dot, the text dark (axe colour contrast). */
export function TemplateStatusChip({ status }: { status: TTemplateStatus }) {
  const colour = COLOURS[status.key];
  const tint = colour === 'grey' ? 'grey.500' : `${colour}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={status.label}
      data-testid="template-status"
      icon={
        <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: tint }} />
      }
      sx={{ color: 'text.primary', borderColor: tint, '& .MuiChip-icon': { ml: 1, mr: -0.25 } }}
    />
  );
}
