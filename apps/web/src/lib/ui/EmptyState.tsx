import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  message: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Heading level of the title inside the page (the page's h1 is its title). */
  headingLevel?: 'h2' | 'h3';
}

/** An honest empty state: what is (not) here and, when there is one, what to do about it. */
export function EmptyState({ title, message, icon, action, headingLevel = 'h2' }: EmptyStateProps) {
  return (
    <Paper
      variant="outlined"
      sx={{
        px: { xs: 3, sm: 6 },
        py: { xs: 5, sm: 7 },
        textAlign: 'center',
        borderStyle: 'dashed',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'custom.lightest',
          color: 'primary.main',
          '& svg': { fontSize: 32 },
        }}
      >
        {icon ?? <InboxOutlined />}
      </Box>
      <Typography component={headingLevel} variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto' }}>
        {message}
      </Typography>
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}
