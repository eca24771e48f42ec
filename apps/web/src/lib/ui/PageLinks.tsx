import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type PageLink, pageLinksFor } from '@portico/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartnerDetails } from '@/lib/queries/partner-details';

interface PageLinksProps {
  /** The section's heading (an h2). */
  title: string;
  /** The links (ADMIN_TOOLS, MARKETING_LINKS); each is shown only to roles its action allows. */
  links: readonly PageLink[];
}

/** A section of links to built screens the bar does not name (issue 26: every screen within reach). */
export function PageLinks({ title, links }: PageLinksProps) {
  const { status, details } = usePartnerDetails();
  const headingId = useId();
  const shown = status === 'success' ? pageLinksFor(links, details?.partners_profile.role ?? null) : [];
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {shown.map((link) => (
          <li key={link.id}>
            <Paper
              variant="outlined"
              component={RouterLink}
              to={link.path}
              data-link-id={link.id}
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1,
                p: 2,
                height: '100%',
                color: 'text.primary',
                textDecoration: 'none',
                '&:hover': { borderColor: 'primary.main' },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, color: 'primary.main' }}>{link.label}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {link.description}
                </Typography>
              </Box>
              <ArrowForwardOutlined aria-hidden fontSize="small" sx={{ color: 'primary.main', mt: 0.25 }} />
            </Paper>
          </li>
        ))}
      </Box>
    </Box>
  );
}
