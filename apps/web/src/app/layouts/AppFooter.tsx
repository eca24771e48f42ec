import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { FOOTER_LINKS } from '@portico/domain';
import { Link as RouterLink } from 'react-router';
import { useBrandName } from '@/lib/config/app-config';

const LINK_SX = {
  typography: 'body2',
  color: 'text.secondary',
  textDecoration: 'none',
  '&:hover': { color: 'primary.main', textDecoration: 'underline' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/** The footer of spec section 1: the copyright line and the four policy links, each opening a new tab; and the press page. */
export function AppFooter() {
  const brand = useBrandName();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            py: 2.5,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            gap: { xs: 1.5, md: 3 },
            alignItems: { xs: 'flex-start', md: 'center' },
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Copyright © {brand} 2024-2025. All rights reserved.
          </Typography>
          <Box component="nav" aria-label="Legal">
            <Box
              component="ul"
              sx={{
                display: 'flex',
                listStyle: 'none',
                m: 0,
                p: 0,
                flexWrap: 'wrap',
                columnGap: 3,
                rowGap: 1,
              }}
            >
              <li>
                {/* The published press releases (issue 17): a page of this site, not a new tab. */}
                <Box component={RouterLink} to="/press" sx={LINK_SX}>
                  Press
                </Box>
              </li>
              {FOOTER_LINKS.map((link) => (
                <li key={link.id}>
                  <Box component="a" href={link.path} target="_blank" rel="noopener noreferrer" sx={LINK_SX}>
                    {link.label}
                  </Box>
                </li>
              ))}
            </Box>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
