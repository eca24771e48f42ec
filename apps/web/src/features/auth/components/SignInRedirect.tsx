import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useState } from 'react';
import { isSigningOut, redirectToSignIn, startSignIn } from '@/lib/auth/session';
import { clearToken } from '@/lib/auth/token';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';

interface SignInRedirectProps {
  /**
   * required: a page needs a signed-in user (remember it, then sign in);
   * logout: the provider's logout callback, which signs in again.
   */
  reason: 'required' | 'logout';
  /** The page to come back to after sign-in. */
  location: string;
}

/** Sends the browser to the provider's sign-in page, with a way out if that cannot start. */
export function SignInRedirect({ reason, location }: SignInRedirectProps) {
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(
    (force: boolean) => {
      setError(null);
      let run: Promise<void>;
      if (reason === 'logout') {
        clearToken();
        run = startSignIn({ force });
      } else {
        run = redirectToSignIn(location, { force });
      }
      run.catch((failure: unknown) => setError(errorMessage(failure)));
    },
    [reason, location],
  );

  useEffect(() => {
    start(false);
  }, [start]);

  if (!error) {
    const label = isSigningOut()
      ? 'Signing you out…'
      : reason === 'logout'
        ? 'You have signed out. Taking you to sign in…'
        : 'Taking you to sign in…';
    return <CenteredStatus label={label} />;
  }
  return (
    <MessagePanel
      tone="warning"
      icon={<LockOutlined />}
      title="Sign-in could not start"
      message={error}
      actions={
        <Button variant="contained" onClick={() => start(true)}>
          Try again
        </Button>
      }
    />
  );
}
