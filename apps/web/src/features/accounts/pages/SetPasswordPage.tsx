import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useSetPassword } from '../api/set-password';
import { AuthCard } from '../components/AuthCard';
import { LinkProblem } from '../components/LinkProblem';
import { SetPasswordForm } from '../components/SetPasswordForm';

/** /set-password?token=: an invited user chooses a password (the link from the invitation email). */
export default function SetPasswordPage() {
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token') ?? '';
  const save = useSetPassword('invite');
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<unknown>(null);

  if (!token || linkError) {
    return (
      <LinkProblem
        kind="invite"
        error={linkError ?? new Error('This link is missing its token. Open the whole link from the email.')}
      />
    );
  }
  if (done) {
    return (
      <MessagePanel
        icon={<CheckCircleOutlined />}
        title="Your password is set"
        message={`Your account ${done} is active. Sign in with your email and the password you chose.`}
        actions={
          <Button variant="contained" onClick={() => void startSignIn({ force: true })}>
            Sign in
          </Button>
        }
      />
    );
  }
  return (
    <AuthCard
      title="Set your password"
      subtitle="You were invited to the partner portal. Choose a password to activate your account."
    >
      <SetPasswordForm kind="invite" token={token} onDone={setDone} onLinkError={setLinkError} save={save} />
    </AuthCard>
  );
}
