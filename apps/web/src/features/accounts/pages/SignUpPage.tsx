import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TMailSent, ZSignUpRequest } from '@portico/domain';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { FormCheckbox } from '@/lib/form/checkbox';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { useResendVerification } from '../api/resend-verification';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from '../components/AuthCard';
import VerifyEmailPage from './VerifyEmailPage';

/**
 * /sign-up: the email to verify, then "check your inbox" with a resend button. The verification
 * link comes back here with ?token= (verify email, then set the password).
 */
export default function SignUpPage() {
  const hasToken = new URLSearchParams(useLocation().search).has('token');
  return hasToken ? <VerifyEmailPage /> : <SignUpForm />;
}

function SignUpForm() {
  const form = useZodForm(ZSignUpRequest, { email: '' });
  const signUp = useSignUp();
  const [sent, setSent] = useState<TMailSent | null>(null);

  const submit = form.submitWith((body) =>
    signUp.mutate(body, { onSuccess: setSent, onError: (error) => form.showServerError(error) }),
  );

  if (sent) return <CheckInbox sent={sent} onChangeEmail={() => setSent(null)} />;

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with your work email. We will send a link to confirm it, then you choose a password."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <FormErrorAlert message={form.formError} />
          <FormTextField
            control={form.control}
            name="email"
            label="Work email"
            type="email"
            autoComplete="email"
            required
            fullWidth
          />
          <FormCheckbox
            control={form.control}
            name="acceptTerms"
            label={
              <Typography variant="body2">
                I accept the{' '}
                <Link href="/developer-tos" target="_blank" rel="noopener">
                  terms of service
                </Link>{' '}
                and the{' '}
                <Link href="/developer-pp" target="_blank" rel="noopener">
                  privacy policy
                </Link>
              </Typography>
            }
          />
          <Button type="submit" variant="contained" size="large" disabled={signUp.isPending}>
            {signUp.isPending ? 'Sending…' : 'Sign up'}
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component="button" type="button" onClick={() => void startSignIn({ force: true })}>
              Sign in
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}

function CheckInbox({ sent, onChangeEmail }: { sent: TMailSent; onChangeEmail: () => void }) {
  const resend = useResendVerification();
  return (
    <AuthCard title="Check your inbox">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography>
          We sent a verification link to <b>{sent.email}</b>. Open it to choose your password. The link works
          once and expires in 24 hours.
        </Typography>
        {resend.isSuccess && (
          <Alert severity="success" role="status">
            A new link is on its way. The previous one no longer works.
          </Alert>
        )}
        {resend.isError && <Alert severity="error">{errorMessage(resend.error)}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" disabled={resend.isPending} onClick={() => resend.mutate(sent.email)}>
            {resend.isPending ? 'Sending…' : 'Resend the email'}
          </Button>
          <Button onClick={onChangeEmail}>Use another email</Button>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing arrived? Check your spam folder. Already verified?{' '}
          <Link component={RouterLink} to="/">
            Back to the home page
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
