import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useAccountSetup } from '../api/account-setup';
import { RequireSignIn } from '../components/RequireSignIn';
import { SETUP_STEPS } from '../components/SetupFrame';

/** /signup-success: the end of the first-time flow. */
export default function SignupSuccessPage() {
  return (
    <RequireSignIn>
      <Success />
    </RequireSignIn>
  );
}

function Success() {
  const setup = useAccountSetup();
  if (setup.isPending) return <CenteredStatus label="Loading your account…" />;
  if (setup.isError)
    return (
      <MessagePanel
        tone="error"
        title="Your account could not be loaded"
        message={errorMessage(setup.error)}
      />
    );
  if (!setup.data.completed) {
    return (
      <MessagePanel
        tone="warning"
        title="Your sign-up is not finished yet"
        message="A few details are still missing. Continue where you left off."
        actions={
          <Button variant="contained" component={RouterLink} to={SETUP_STEPS[3].path}>
            Continue set-up
          </Button>
        }
      />
    );
  }
  return (
    <MessagePanel
      icon={<CelebrationOutlined />}
      title={`Welcome, ${setup.data.firstName}!`}
      message={
        setup.data.accountType === 'aggregator'
          ? 'Your aggregator account is ready. Billing, brands and campaigns open once the platform approves your launch.'
          : 'Your developer account is ready. Create your first bot from the dashboard.'
      }
      actions={
        <Button variant="contained" component={RouterLink} to="/u/dashboard">
          Go to my dashboard
        </Button>
      }
    />
  );
}
