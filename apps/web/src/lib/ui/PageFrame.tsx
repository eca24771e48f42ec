import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

interface PageFrameProps {
  title: string;
  /** Where this page sits, e.g. [{ label: 'Developer console', to: '/u/dashboard' }]. */
  breadcrumbs?: readonly Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

const separator = { content: '"/"', mx: 1, color: 'text.disabled' } as const;

/** Every screen's frame: context, the page title (the page's only h1), actions, then content. */
export function PageFrame({ title, breadcrumbs = [], description, actions, children }: PageFrameProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      {breadcrumbs.length > 0 && (
        <Box component="nav" aria-label="Breadcrumb" sx={{ mb: 1 }}>
          <Box
            component="ol"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              listStyle: 'none',
              m: 0,
              p: 0,
              fontSize: '0.8125rem',
              color: 'text.secondary',
              '& li + li::before': separator,
            }}
          >
            {breadcrumbs.map((crumb) => (
              <li key={crumb.label}>
                {crumb.to ? (
                  <Box
                    component={RouterLink}
                    to={crumb.to}
                    sx={{
                      color: 'inherit',
                      textDecoration: 'none',
                      '&:hover': { textDecoration: 'underline' },
                    }}
                  >
                    {crumb.label}
                  </Box>
                ) : (
                  crumb.label
                )}
              </li>
            ))}
            <Box component="li" aria-current="page" sx={{ color: 'text.primary' }}>
              {title}
            </Box>
          </Box>
        </Box>
      )}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <div>
          <Typography id="page-title" variant="h1">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}>
              {description}
            </Typography>
          )}
        </div>
        {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
      </Box>
      {children}
    </Box>
  );
}
