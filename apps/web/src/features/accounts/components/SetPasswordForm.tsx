import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZSetPasswordRequest } from '@portico/domain';
import { ApiError } from '@/lib/http/api-error';
import { useSetPassword } from '../api/set-password';
import { useContractForm } from './form';
import { PasswordField, PasswordRules } from './PasswordFields';

/** Choose a password (sign-up's create user, or an invitation); the email is shown, not editable. */
export function SetPasswordForm({
  kind,
  token,
  email,
  onDone,
  onLinkError,
}: {
  kind: 'sign-up' | 'invite';
  token: string;
  email?: string | undefined;
  onDone: (email: string) => void;
  /** Called with a failure about the link itself (used, expired, unknown) instead of the form. */
  onLinkError?: (error: ApiError) => void;
}) {
  const form = useContractForm(ZSetPasswordRequest, { token, password: '', confirmPassword: '' });
  const save = useSetPassword(kind);
  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (result) => onDone(result.email),
      onError: (error) => {
        if (
          onLinkError &&
          error instanceof ApiError &&
          (error.httpStatus === 410 || error.httpStatus === 404)
        ) {
          onLinkError(error);
        } else {
          form.showError(error);
        }
      },
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {form.formError && <Alert severity="error">{form.formError}</Alert>}
        {email && (
          <TextField label="Email" name="username" value={email} autoComplete="username" fullWidth disabled />
        )}
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(v) => form.set('password', v)}
          error={form.errors.password}
        />
        <PasswordRules password={form.values.password} />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onChange={(v) => form.set('confirmPassword', v)}
          error={form.errors.confirmPassword}
        />
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Set password'}
        </Button>
      </Stack>
    </Box>
  );
}
