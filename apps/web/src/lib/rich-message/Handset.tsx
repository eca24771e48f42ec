import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A phone's outline around a screen (pure presentation; its label names what it shows). */
export function Handset({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="figure"
      aria-label={label}
      sx={{
        width: '100%',
        maxWidth: 300,
        mx: 'auto',
        border: '10px solid #222',
        borderRadius: '32px',
        bgcolor: '#fff',
        overflow: 'hidden',
        boxShadow: 3,
      }}
    >
      <Box sx={{ height: 18, bgcolor: '#222', display: 'grid', placeItems: 'center' }} aria-hidden>
        <Box sx={{ width: 60, height: 6, borderRadius: 3, bgcolor: '#444' }} />
      </Box>
      <Box sx={{ minHeight: 440, maxHeight: 560, overflowY: 'auto' }}>{children}</Box>
    </Box>
  );
}
