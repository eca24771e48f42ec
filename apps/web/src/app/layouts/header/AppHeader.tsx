import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import {
  activeNavItemId,
  BARE_HEADER_PATHS,
  isBareHeader,
  logoTarget,
  navBarFor,
  notificationsPathFor,
} from '@portico/domain';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { signOut, startSignIn } from '@/lib/auth/session';
import { useHasValidToken } from '@/lib/auth/use-token';
import { useAppConfig, useBrandName } from '@/lib/config/app-config';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { Logo } from './Logo';
import { NavBar } from './NavBar';
import { ProfileMenu } from './ProfileMenu';

/** The notification centre and the search, loaded after the header (no screen's bundle carries them: decision 0031). */
const NotificationBell = lazy(() => import('@/features/notifications/components/NotificationBell'));
const GlobalSearch = lazy(() => import('./GlobalSearch'));

/** Header parts asked for once the browser is idle: their chunks never delay a page becoming interactive. */
function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function HeaderShell({ children }: { children: ReactNode }) {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        color: 'text.primary',
      }}
    >
      <Container maxWidth="lg">
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 64, gap: { xs: 1, md: 3 } }}>
          {children}
        </Box>
      </Container>
    </Box>
  );
}

/** The first-time flow pages get the bare header whoever looks at them. */
function isFirstTimePage(pathname: string): boolean {
  return BARE_HEADER_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

function PublicHeader({ pathname, brand }: { pathname: string; brand: string }) {
  const [starting, setStarting] = useState(false);
  return (
    <HeaderShell>
      <Logo to="/" brand={brand} />
      <Box sx={{ flex: 1 }} />
      {!isFirstTimePage(pathname) && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="text"
            disabled={starting}
            onClick={() => {
              setStarting(true);
              startSignIn({ force: true }).catch(() => setStarting(false));
            }}
          >
            Sign in
          </Button>
          <Button variant="contained" component={RouterLink} to="/sign-up">
            Sign up
          </Button>
        </Box>
      )}
    </HeaderShell>
  );
}

/**
 * The bare header has no menu (spec section 2), but whoever sees it signed in (marketing admins,
 * the first-time flow) must still be able to sign out.
 */
function BareSignOut() {
  const [signingOut, setSigningOut] = useState(false);
  return (
    <Button
      variant="text"
      disabled={signingOut}
      onClick={() => {
        setSigningOut(true);
        signOut().catch(() => setSigningOut(false));
      }}
    >
      Sign out
    </Button>
  );
}

/**
 * The header variants of spec section 2: public (no valid token), bare (first-time pages, no partner
 * details, marketing admins) or the audience's bar with the profile menu.
 */
export function AppHeader() {
  const { pathname } = useLocation();
  const signedIn = useHasValidToken();
  const partner = usePartnerDetails();
  const brand = useBrandName();
  const links = useAppConfig().data?.links;
  const user = partner.navUser;
  const items = useMemo(() => (user ? navBarFor(user) : []), [user]);

  if (!signedIn) return <PublicHeader pathname={pathname} brand={brand} />;

  const logo = <Logo to={logoTarget(user)} brand={brand} />;
  if (!user || isBareHeader(pathname, user)) {
    return (
      <HeaderShell>
        {logo}
        <Box sx={{ flex: 1 }} />
        <BareSignOut />
      </HeaderShell>
    );
  }

  return (
    <HeaderShell>
      {logo}
      <NavBar items={items} activeId={activeNavItemId(items, pathname)} />
      <Box sx={{ flex: { xs: 1, md: 0 } }} />
      <WhenIdle>
        <GlobalSearch />
        <NotificationBell listPath={notificationsPathFor(user)} />
      </WhenIdle>
      <ProfileMenu
        user={user}
        profileCompleted={partner.userInfo?.profileCompleted ?? 0}
        profileImage={partner.userInfo?.partnerProfileImage ?? null}
        links={links}
      />
    </HeaderShell>
  );
}
