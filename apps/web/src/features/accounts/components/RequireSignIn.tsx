import Button from '@mui/material/Button';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { redirectToSignIn } from '@/lib/auth/session';
import { useHasValidToken } from '@/lib/auth/use-token';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';

/** First-time pages outside /u (which the guard already protects) sign in first, then come back. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const signedIn = useHasValidToken();
  const { pathname, search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) redirectToSignIn(`${pathname}${search}`).catch((e: unknown) => setError(errorMessage(e)));
  }, [signedIn, pathname, search]);
  if (signedIn) return children;
  if (error) {
    return (
      <MessagePanel
        tone="warning"
        title="Sign-in could not start"
        message={error}
        actions={
          <Button
            variant="contained"
            onClick={() => void redirectToSignIn(`${pathname}${search}`, { force: true })}
          >
            Try again
          </Button>
        }
      />
    );
  }
  return <CenteredStatus label="Taking you to sign in…" />;
}
