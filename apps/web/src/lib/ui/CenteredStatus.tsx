import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A calm in-page progress state with a live label for assistive technology. */
export function CenteredStatus({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: 280, display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            mx: 'auto',
            borderRadius: '50%',
            border: '3px solid',
            borderColor: 'custom.lighter',
            borderTopColor: 'primary.main',
            animation: 'portico-spin 0.8s linear infinite',
            '@keyframes portico-spin': { to: { transform: 'rotate(360deg)' } },
            '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
          }}
        />
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {label}
        </Typography>
      </Box>
    </Box>
  );
}
