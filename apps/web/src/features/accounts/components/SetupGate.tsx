import Button from '@mui/material/Button';
import type { TAccountSetup } from '@portico/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useAccountSetup } from '../api/account-setup';
import { RequireSignIn } from './RequireSignIn';

/** Loads the first-time flow's state for a step; an account already set up is sent on its way. */
export function SetupGate({ children }: { children: (setup: TAccountSetup) => ReactNode }) {
  return (
    <RequireSignIn>
      <SetupState>{children}</SetupState>
    </RequireSignIn>
  );
}

function SetupState({ children }: { children: (setup: TAccountSetup) => ReactNode }) {
  const setup = useAccountSetup();
  if (setup.isPending) return <CenteredStatus label="Loading your account…" />;
  if (setup.isError) {
    return (
      <MessagePanel
        tone="error"
        title="Your account could not be loaded"
        message={errorMessage(setup.error)}
        actions={
          <Button variant="contained" onClick={() => void setup.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (setup.data.completed) {
    return (
      <MessagePanel
        title="Your account is already set up"
        message="Everything in the first-time set-up is done. Your dashboard is ready."
        actions={
          <Button variant="contained" component={RouterLink} to="/u/dashboard">
            Go to my dashboard
          </Button>
        }
      />
    );
  }
  return children(setup.data);
}
