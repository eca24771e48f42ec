import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { checkResetLinkQueryOptions } from '../api/check-reset-link';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/AuthCard';
import { ResetLinkProblem } from '../components/ResetLinkProblem';
import { SetPasswordForm } from '../components/SetPasswordForm';

/** /reset-password?token=: the link from the reset email; choose a new password. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const checked = useQuery({ ...checkResetLinkQueryOptions(token), enabled: token !== '' });
  const save = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<unknown>(null);

  if (!token) {
    return (
      <ResetLinkProblem
        error={new Error('This link is missing its token. Open the whole link from the email.')}
      />
    );
  }
  if (done) {
    return (
      <MessagePanel
        icon={<CheckCircleOutlined />}
        title="Your password is reset"
        message={`Every session of ${done} was signed out. Sign in with your new password.`}
        actions={
          <Button variant="contained" onClick={() => void startSignIn({ force: true })}>
            Sign in
          </Button>
        }
      />
    );
  }
  if (linkError) return <ResetLinkProblem error={linkError} />;
  if (checked.isPending) return <CenteredStatus label="Checking your link…" />;
  if (checked.isError) return <ResetLinkProblem error={checked.error} />;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={`For ${checked.data.email}. Every browser and device signed in to this account will be signed out.`}
    >
      <SetPasswordForm
        kind="reset"
        token={token}
        email={checked.data.email}
        onDone={setDone}
        onLinkError={setLinkError}
        save={save}
      />
    </AuthCard>
  );
}
