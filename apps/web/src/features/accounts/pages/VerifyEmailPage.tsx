import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { redirectToSignIn } from '@/lib/auth/session';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useSetPassword } from '../api/set-password';
import { verifyEmailQueryOptions } from '../api/verify-email';
import { AuthCard } from '../components/AuthCard';
import { LinkProblem } from '../components/LinkProblem';
import { SetPasswordForm } from '../components/SetPasswordForm';

/** /sign-up?token=: the link from the verification email; then set the password (create user). */
export default function VerifyEmailPage() {
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token') ?? '';
  const verified = useQuery({ ...verifyEmailQueryOptions(token), enabled: token !== '' });
  const save = useSetPassword('sign-up');
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<unknown>(null);

  if (!token)
    return (
      <LinkProblem
        kind="sign-up"
        error={new Error('This link is missing its token. Open the whole link from the email.')}
      />
    );
  if (done) {
    return (
      <MessagePanel
        icon={<CheckCircleOutlined />}
        title="Your password is set"
        message={`Sign in as ${done} to set up your account: your details, the account type and your enterprise.`}
        actions={
          <Button variant="contained" onClick={() => void redirectToSignIn('/u/setup-user', { force: true })}>
            Continue to sign in
          </Button>
        }
      />
    );
  }
  if (linkError) return <LinkProblem kind="sign-up" error={linkError} />;
  if (verified.isPending) return <CenteredStatus label="Checking your link…" />;
  if (verified.isError) return <LinkProblem kind="sign-up" error={verified.error} />;
  return (
    <AuthCard title="Choose your password" subtitle={`Your email ${verified.data.email} is verified.`}>
      <SetPasswordForm
        kind="sign-up"
        token={token}
        email={verified.data.email}
        onDone={setDone}
        onLinkError={setLinkError}
        save={save}
      />
    </AuthCard>
  );
}
