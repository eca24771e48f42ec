import { DEVELOPER_HOME, homePathFor } from '@portico/domain';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { usePartnerDetails } from '@/features/partner/api/get-partner-details';
import { PartnerDetailsError } from '@/features/partner/components/PartnerDetailsError';
import { useHasValidToken } from '@/lib/auth/use-token';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';

const LandingPage = lazy(() => import('@/features/home/pages/LandingPage'));

/** '/': the landing page for visitors; signed-in users go to their home. */
export default function HomeRoute() {
  const signedIn = useHasValidToken();
  const partner = usePartnerDetails();

  if (!signedIn) return <LandingPage />;
  if (partner.status === 'success') {
    return <Navigate to={partner.navUser ? homePathFor(partner.navUser) : DEVELOPER_HOME} replace />;
  }
  if (partner.status === 'error') {
    return <PartnerDetailsError message={partner.error} onRetry={partner.refetch} />;
  }
  return <CenteredStatus label="Loading your workspace…" />;
}
