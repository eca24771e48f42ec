import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A form with its live handset preview beside it (below it on narrow screens). */
export function PreviewBeside({ preview, children }: { preview: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      <Box
        component="aside"
        aria-labelledby="live-preview"
        sx={{ position: { md: 'sticky' }, top: { md: 16 } }}
      >
        <Typography id="live-preview" variant="h2" sx={{ mb: 1.5, textAlign: 'center' }}>
          Live preview
        </Typography>
        {preview}
      </Box>
    </Box>
  );
}
