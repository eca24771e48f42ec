import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import {
  audienceOf,
  BARE_HEADER_PATHS,
  DEVELOPER_HOME,
  FIRST_TIME_SETUP_PATH,
  homePathFor,
  mapPublicPath,
  type NavUser,
  requiresSignIn,
  routeAccess,
} from '@portico/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SignInRedirect } from '@/features/auth/components/SignInRedirect';
import { isLogoutCallback } from '@/lib/auth/oidc';
import { useHasValidToken } from '@/lib/auth/use-token';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { ForbiddenPage } from '../pages/ForbiddenPage';

/** A signed-in account without partner details counts as a developer with no role. */
const NO_DETAILS: Pick<NavUser, 'role' | 'isCarrier'> = { role: null, isCarrier: false };

/** Set by the login callback: this navigation is the landing after sign-in. */
export interface LandingState {
  landing?: boolean;
}

/**
 * Decides, before a page renders, whether it may: the public path mapping, the logout callback,
 * sign-in for the protected prefixes, route access by prefix, and sending carriers and admins who
 * land on the developer area to their own home.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { pathname, search, hash } = location;
  const signedIn = useHasValidToken();
  const partner = usePartnerDetails();

  const mapped = mapPublicPath(pathname);
  if (mapped) return <Navigate to={`${mapped}${search}${hash}`} replace state={location.state} />;

  if (isLogoutCallback(search)) return <SignInRedirect reason="logout" location="/" />;

  if (!requiresSignIn(pathname)) return children;

  if (!signedIn) return <SignInRedirect reason="required" location={`${pathname}${search}${hash}`} />;

  if (partner.status === 'loading' || partner.status === 'idle') {
    return <CenteredStatus label="Loading your workspace…" />;
  }
  if (partner.status === 'error') {
    return (
      <MessagePanel
        tone="error"
        icon={<ErrorOutlined />}
        title="Your account details could not be loaded"
        message={partner.error}
        actions={
          <Button variant="contained" onClick={partner.refetch}>
            Try again
          </Button>
        }
      />
    );
  }

  // Signed up but not set up yet ('User details not present'): the first-time flow comes first.
  if (
    !partner.details &&
    pathname.startsWith('/u/') &&
    !(BARE_HEADER_PATHS as readonly string[]).includes(pathname)
  ) {
    return <Navigate to={FIRST_TIME_SETUP_PATH} replace />;
  }

  const user = partner.navUser ?? NO_DETAILS;
  if (routeAccess(pathname, user) === 'denied') return <ForbiddenPage homePath={homePathFor(user)} />;

  const landing = (location.state as LandingState | null)?.landing === true;
  if (
    partner.navUser &&
    audienceOf(partner.navUser) !== 'developer' &&
    (pathname === DEVELOPER_HOME || (landing && (pathname === '/u' || pathname.startsWith('/u/'))))
  ) {
    return <Navigate to={homePathFor(partner.navUser)} replace />;
  }

  return children;
}
