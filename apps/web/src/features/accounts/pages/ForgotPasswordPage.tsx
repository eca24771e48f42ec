import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_RESET, type TMailSent, ZForgotPasswordRequest } from '@portico/domain';
import { useState } from 'react';
import { startSignIn } from '@/lib/auth/session';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/AuthCard';

/** /forgot-password ("Forgot password?" on the sign-in page): the email to mail a reset link to. */
export default function ForgotPasswordPage() {
  const form = useZodForm(ZForgotPasswordRequest, { email: '' });
  const request = useForgotPassword();
  const [sent, setSent] = useState<TMailSent | null>(null);

  const submit = form.submitWith((body) =>
    request.mutate(body, { onSuccess: setSent, onError: (error) => form.showServerError(error) }),
  );

  if (sent) return <CheckInbox sent={sent} onChangeEmail={() => setSent(null)} />;

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you sign in with. We will send you a link to choose a new password."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <FormErrorAlert message={form.formError} />
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Remembered it?{' '}
            <Link component="button" type="button" onClick={() => void startSignIn({ force: true })}>
              Back to sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}

/** The same answer whether or not the email has an account: nothing here tells who is registered. */
function CheckInbox({ sent, onChangeEmail }: { sent: TMailSent; onChangeEmail: () => void }) {
  const resend = useForgotPassword();
  return (
    <AuthCard title="Check your inbox">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>
          If <b>{sent.email}</b> has an account, we sent it a link to reset the password. The link works once
          and expires in {PASSWORD_RESET.linkTtlMinutes} minutes.
        </Typography>
        {resend.isSuccess && (
          <Alert severity="success" role="status">
            A new link is on its way. The previous one no longer works.
          </Alert>
        )}
        {resend.isError && <Alert severity="error">{errorMessage(resend.error)}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email: sent.email })}
          >
            {resend.isPending ? 'Sending…' : 'Send it again'}
          </Button>
          <Button onClick={onChangeEmail}>Use another email</Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing arrived? Check your spam folder, and that this is the email you sign in with.{' '}
          <Link component="button" type="button" onClick={() => void startSignIn({ force: true })}>
            Back to sign in
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
