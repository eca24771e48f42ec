import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface MessagePanelProps {
  /** The status shown above the title, e.g. "403" or "Error". */
  eyebrow?: string;
  title: string;
  message: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  tone?: 'primary' | 'error' | 'warning';
}

/** Text tones dark enough for small text on white (WCAG AA); the palette's main colours are for shapes. */
const TEXT_TONE = { primary: 'primary.main', error: '#B91C1C', warning: '#8A4B00' } as const;

/** A full-width explanation page body (not found, no access, server error, sign-in problems). */
export function MessagePanel({
  eyebrow,
  title,
  message,
  icon,
  actions,
  tone = 'primary',
}: MessagePanelProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 640, mx: 'auto', my: { xs: 2, md: 6 }, p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: tone === 'primary' ? 'custom.lightest' : tone === 'error' ? '#FDECEC' : '#FFF4E5',
            color: `${tone}.main`,
            '& svg': { fontSize: 36 },
          }}
        >
          {icon}
        </Box>
      )}
      {eyebrow && (
        <Typography variant="overline" sx={{ color: TEXT_TONE[tone], display: 'block' }}>
          {eyebrow}
        </Typography>
      )}
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary' }}>
        {message}
      </Typography>
      {actions && (
        <Box
          sx={{
            mt: 4,
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 1.5,
            justifyContent: 'center',
          }}
        >
          {actions}
        </Box>
      )}
    </Paper>
  );
}
