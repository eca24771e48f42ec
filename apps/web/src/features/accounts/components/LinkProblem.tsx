import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { ApiError, errorMessage } from '@/lib/http/api-error';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useResendVerification } from '../api/resend-verification';

/** The reason (and email) the API gives when a link is used or expired (HTTP 410). */
export function linkGone(error: unknown): { reason: 'used' | 'expired'; email: string } | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 410) return null;
  const data = error.data as { reason?: unknown; email?: unknown } | null;
  return (data?.reason === 'used' || data?.reason === 'expired') && typeof data.email === 'string'
    ? { reason: data.reason, email: data.email }
    : null;
}

/** A link that cannot be used: says why clearly, and offers the way forward. */
export function LinkProblem({ error, kind }: { error: unknown; kind: 'sign-up' | 'invite' }) {
  const gone = linkGone(error);
  const resend = useResendVerification();
  if (gone?.reason === 'used') {
    return (
      <MessagePanel
        icon={<LinkOffOutlined />}
        title="This link has already been used"
        message={`The password for ${gone.email} is already set. Sign in with your email and password.`}
        actions={
          <Button variant="contained" onClick={() => void startSignIn({ force: true })}>
            Sign in
          </Button>
        }
      />
    );
  }
  if (gone?.reason === 'expired') {
    return (
      <MessagePanel
        tone="warning"
        icon={<LinkOffOutlined />}
        title="This link has expired"
        message={
          <Stack spacing={2}>
            <span>
              {kind === 'sign-up'
                ? `Links work for 24 hours. Ask for a new one and we will send it to ${gone.email}.`
                : 'Invitation links work for 72 hours. Ask the person who invited you to send a new invitation.'}
            </span>
            {resend.isSuccess && <Alert severity="success">A new link is on its way to {gone.email}.</Alert>}
            {resend.isError && <Alert severity="error">{errorMessage(resend.error)}</Alert>}
          </Stack>
        }
        actions={
          kind === 'sign-up' ? (
            <Button variant="contained" disabled={resend.isPending} onClick={() => resend.mutate(gone.email)}>
              {resend.isPending ? 'Sending…' : 'Send a new link'}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <MessagePanel
      tone="error"
      icon={<LinkOffOutlined />}
      title="This link does not work"
      message={errorMessage(error)}
      actions={
        <Button variant="contained" component={RouterLink} to="/sign-up">
          Sign up again
        </Button>
      }
    />
  );
}
