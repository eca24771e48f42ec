import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import { DEVELOPER_HOME, homePathFor } from '@portico/domain';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { useHasValidToken } from '@/lib/auth/use-token';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';

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
  return <CenteredStatus label="Loading your workspace…" />;
}
