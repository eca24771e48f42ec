import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { isBarePage } from '@portico/domain';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useExportsInProgress } from '@/lib/http/export-progress';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { AccessGate } from '../guards/AccessGate';
import { AppFooter } from './AppFooter';
import { AppHeader } from './header/AppHeader';
import { PageErrorBoundary } from './PageErrorBoundary';
import { RouteFocus } from './RouteFocus';

// Loaded when a large export starts, not with the shell.
const ExportProgressPanel = lazy(() => import('@/lib/ui/ExportProgressPanel'));

/** The large exports being prepared, over every page (signed-in or bare) until each is saved. */
function ExportProgress() {
  const exports = useExportsInProgress();
  if (exports.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ExportProgressPanel exports={exports} />
    </Suspense>
  );
}

function Page() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <AccessGate>
        <Suspense fallback={<CenteredStatus label="Loading…" />}>
          <Outlet />
        </Suspense>
      </AccessGate>
    </PageErrorBoundary>
  );
}

/**
 * The layout rules of spec section 2: pages under a /mef path are bare (no header, no footer);
 * every other page gets the header variant for its visitor and the footer.
 */
export function RootLayout() {
  const { pathname } = useLocation();

  if (isBarePage(pathname)) {
    return (
      <Box component="main" id="main">
        <Page />
        <ExportProgress />
      </Box>
    );
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 16,
          top: -48,
          zIndex: 2000,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          textDecoration: 'none',
          '&:focus': { top: 12 },
        }}
      >
        Skip to main content
      </Box>
      <AppHeader />
      <RouteFocus />
      {/* At least a screen high under the header: the footer starts below the fold, so it never jumps
          down when a page's content replaces "Loading…" (a layout shift users see). */}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', minHeight: 'calc(100vh - 64px)' }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          <Page />
        </Container>
      </Box>
      <AppFooter />
      <ExportProgress />
    </Box>
  );
}
