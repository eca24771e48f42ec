import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';

/** The brand mark and name; links home (spec section 2: / when signed out, the user's home otherwise). */
export function Logo({ to, brand }: { to: string; brand: string }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label={`${brand} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        textDecoration: 'none',
        color: 'text.primary',
        borderRadius: 1,
        flex: '0 0 auto',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4 },
      }}
    >
      <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: 32, height: 32, display: 'block' }}>
        <rect width="64" height="64" rx="14" fill="#5956D6" />
        <path
          d="M18 48V22a6 6 0 0 1 6-6h10a12 12 0 0 1 0 24h-6v8z"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinejoin="round"
        />
        <circle cx="46" cy="46" r="5" fill="#FF3964" />
      </Box>
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.125rem', letterSpacing: '-0.01em' }}>
        {brand}
      </Box>
    </Box>
  );
}
