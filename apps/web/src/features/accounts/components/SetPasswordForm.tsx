import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZSetPasswordRequest } from '@portico/domain';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { useZodForm } from '@/lib/form/use-zod-form';
import { ApiError } from '@/lib/http/api-error';
import { useSetPassword } from '../api/set-password';
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
  const form = useZodForm(ZSetPasswordRequest, { token, password: '', confirmPassword: '' });
  const save = useSetPassword(kind);
  const submit = form.submitWith((body) =>
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
          form.showServerError(error);
        }
      },
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <FormErrorAlert message={form.formError} />
        {email && (
          <TextField label="Email" name="username" value={email} autoComplete="username" fullWidth disabled />
        )}
        <PasswordField control={form.control} name="password" label="Password" autoComplete="new-password" />
        <PasswordRules password={form.watch('password')} />
        <PasswordField
          control={form.control}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Set password'}
        </Button>
      </Stack>
    </Box>
  );
}
