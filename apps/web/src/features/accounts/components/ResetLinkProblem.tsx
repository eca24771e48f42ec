import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_RESET } from '@portico/domain';
import { Link as RouterLink } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { errorMessage } from '@/lib/http/api-error';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { useForgotPassword } from '../api/forgot-password';
import { linkGone } from './LinkProblem';

/** A password reset link that cannot be used: says why, and a new link is one click away. */
export function ResetLinkProblem({ error }: { error: unknown }) {
  const gone = linkGone(error);
  const again = useForgotPassword();
  const newLink = gone ? (
    <Button
      variant="contained"
      disabled={again.isPending}
      onClick={() => again.mutate({ email: gone.email })}
    >
      {again.isPending ? 'Sending…' : 'Send a new link'}
    </Button>
  ) : (
    <Button variant="contained" component={RouterLink} to="/forgot-password">
      Ask for a new link
    </Button>
  );
  const outcome = (
    <>
      {again.isSuccess && gone && (
        <Alert severity="success" role="status">
          A new link is on its way to {gone.email}.
        </Alert>
      )}
      {again.isError && <Alert severity="error">{errorMessage(again.error)}</Alert>}
    </>
  );
  if (gone?.reason === 'used') {
    return (
      <MessagePanel
        icon={<LinkOffOutlined />}
        title="This link has already been used"
        message={
          <Stack spacing={2}>
            <span>
              The password of {gone.email} was already reset with this link. Sign in with the new password, or
              ask for a new link.
            </span>
            {outcome}
          </Stack>
        }
        actions={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => void startSignIn({ force: true })}>
              Sign in
            </Button>
            {newLink}
          </Stack>
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
              Reset links work for {PASSWORD_RESET.linkTtlMinutes} minutes. Ask for a new one and we will send
              it to {gone.email}.
            </span>
            {outcome}
          </Stack>
        }
        actions={newLink}
      />
    );
  }
  return (
    <MessagePanel
      tone="error"
      icon={<LinkOffOutlined />}
      title="This link does not work"
      message={errorMessage(error)}
      actions={newLink}
    />
  );
}
