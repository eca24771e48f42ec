import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

export type Tone = 'grey' | 'success' | 'error' | 'warning';

/** A state as a chip: the colour in the border and the dot, dark text (axe colour contrast). */
export function ToneChip({ label, tone }: { label: string; tone: Tone }) {
  const tint = tone === 'grey' ? 'grey.500' : `${tone}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      icon={
        <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: tint }} />
      }
      sx={{ color: 'text.primary', borderColor: tint, '& .MuiChip-icon': { ml: 1, mr: -0.25 } }}
    />
  );
}
