import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type TSetPasswordRequest, ZSetPasswordRequest } from '@portico/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { useZodForm } from '@/lib/form/use-zod-form';
import { ApiError } from '@/lib/http/api-error';
import { TextInput } from '@/lib/ui/TextInput';
import { PasswordField, PasswordRules } from './PasswordFields';

/** Choose a password (sign-up's create user, an invitation, or a reset link); the email is shown, not editable. */
export function SetPasswordForm({
  kind,
  token,
  email,
  onDone,
  onLinkError,
  save,
}: {
  kind: 'sign-up' | 'invite' | 'reset';
  /** The call that saves it: create user, accept invite, or reset password (each page's own, so none loads the others'). */
  save: UseMutationResult<{ email: string }, Error, TSetPasswordRequest>;
  token: string;
  email?: string | undefined;
  onDone: (email: string) => void;
  /** Called with a failure about the link itself (used, expired, unknown) instead of the form. */
  onLinkError?: (error: ApiError) => void;
}) {
  const form = useZodForm(ZSetPasswordRequest, { token, password: '', confirmPassword: '' });

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
          <TextInput label="Email" name="username" value={email} autoComplete="username" fullWidth disabled />
        )}
        <PasswordField
          control={form.control}
          name="password"
          label={kind === 'reset' ? 'New password' : 'Password'}
          autoComplete="new-password"
        />
        <PasswordRules password={form.watch('password')} />
        <PasswordField
          control={form.control}
          name="confirmPassword"
          label={kind === 'reset' ? 'Confirm new password' : 'Confirm password'}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : kind === 'reset' ? 'Reset password' : 'Set password'}
        </Button>
      </Stack>
    </Box>
  );
}
