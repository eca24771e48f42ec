import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ZChangePasswordRequest } from '@portico/domain';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { startSignIn } from '@/lib/auth/session';
import { clearToken } from '@/lib/auth/token';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { useZodForm } from '@/lib/form/use-zod-form';
import { MessagePanel } from '@/lib/ui/MessagePanel';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useChangePassword } from '../api/change-password';
import { PasswordField, PasswordRules } from '../components/PasswordFields';

const HOME = {
  u: { label: 'Developer console', to: '/u/dashboard' },
  billing: { label: 'Carrier console', to: '/billing/my-billing' },
  admin: { label: 'Platform admin', to: '/admin/dashboard' },
} as const;

/** /u/change-password, /billing/change-password, /admin/change-password. */
export default function ChangePasswordPage() {
  const { pathname } = useLocation();
  const area = (pathname.split('/')[1] ?? 'u') as keyof typeof HOME;
  const form = useZodForm(ZChangePasswordRequest, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const change = useChangePassword();
  const [done, setDone] = useState(false);

  const submit = form.submitWith((body) =>
    change.mutate(body, {
      onSuccess: () => setDone(true),
      onError: (error) => form.showServerError(error),
    }),
  );

  if (done) {
    return (
      <MessagePanel
        icon={<CheckCircleOutlined />}
        title="Your password is changed"
        message="You were signed out everywhere, here included. Sign in again with your new password."
        actions={
          <Button
            variant="contained"
            onClick={() => {
              // Every session, this one included, was revoked on the server: the token is of no more use.
              clearToken();
              void startSignIn({ force: true });
            }}
          >
            Sign in again
          </Button>
        }
      />
    );
  }

  return (
    <PageFrame
      title="Change Password"
      breadcrumbs={[HOME[area] ?? HOME.u]}
      description="Changing your password signs you out of every other browser and device."
      actions={
        <Button component={RouterLink} to={`/${area}/security`} variant="outlined">
          Two-factor sign-in
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <FormErrorAlert message={form.formError} />
            <PasswordField
              control={form.control}
              name="currentPassword"
              label="Current password"
              autoComplete="current-password"
            />
            <PasswordField
              control={form.control}
              name="newPassword"
              label="New password"
              autoComplete="new-password"
            />
            <PasswordRules password={form.watch('newPassword')} />
            <PasswordField
              control={form.control}
              name="confirmPassword"
              label="Confirm new password"
              autoComplete="new-password"
            />
            <Box>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {change.isPending ? 'Changing…' : 'Change password'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </Paper>
    </PageFrame>
  );
}
