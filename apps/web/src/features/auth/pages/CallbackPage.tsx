import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useLoginCallback } from '../api/use-login-callback';

/** /callback: the provider returns here with #code=...&state=... (or #error=...). */
export default function CallbackPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const login = useLoginCallback(hash);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (login.status === 'success' && login.redirectTo) {
      void navigate(login.redirectTo, { replace: true, state: { landing: true } });
    }
  }, [login.status, login.redirectTo, navigate]);

  if (login.status !== 'error') return <CenteredStatus label="Signing you in…" />;

  return (
    <MessagePanel
      tone="error"
      icon={<LockOutlined />}
      eyebrow="Sign-in failed"
      title="We couldn't sign you in"
      message={login.error}
      actions={
        <>
          <Button
            variant="contained"
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              startSignIn({ force: true }).catch(() => setRetrying(false));
            }}
          >
            Try again
          </Button>
          <Button variant="outlined" component={RouterLink} to="/">
            Back to home page
          </Button>
        </>
      }
    />
  );
}
