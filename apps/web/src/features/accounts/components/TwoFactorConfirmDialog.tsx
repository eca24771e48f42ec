import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TTwoFactorConfirmRequest, ZTwoFactorConfirmRequest } from '@portico/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { PasswordField } from './PasswordFields';

/**
 * A change to two-factor sign-in that asks for the password and a code (turning it off, new
 * recovery codes); `done` replaces the form once the call succeeded (the new codes).
 */
export function TwoFactorConfirmDialog<R>({
  open,
  title,
  intro,
  submitLabel,
  tone = 'primary',
  mutation,
  done,
  onSucceeded,
  onClose,
}: {
  open: boolean;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'error';
  mutation: UseMutationResult<R, Error, TTwoFactorConfirmRequest>;
  /** What the dialog shows after success; when absent it closes at once. */
  done?: ((result: R) => ReactNode) | undefined;
  /** Called once the call succeeded. */
  onSucceeded?: () => void;
  onClose: () => void;
}) {
  const form = useZodForm(ZTwoFactorConfirmRequest, { password: '', code: '' });
  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  const submit = form.submitWith((body) =>
    mutation.mutate(body, {
      onSuccess: () => {
        onSucceeded?.();
        if (!done) close();
      },
      onError: (error) => form.showServerError(error),
    }),
  );
  const result = mutation.isSuccess && done ? done(mutation.data) : null;
  return (
    <Dialog
      open={open}
      onClose={result ? undefined : close}
      aria-labelledby="two-factor-confirm-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="two-factor-confirm-title">{title}</DialogTitle>
      {result ? (
        <>
          <DialogContent>{result}</DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              I have saved them
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{intro}</Typography>
              <FormErrorAlert message={form.formError} />
              <PasswordField
                control={form.control}
                name="password"
                label="Password"
                autoComplete="current-password"
              />
              <FormTextField
                control={form.control}
                name="code"
                label="Code from your app, or a recovery code"
                autoComplete="one-time-code"
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: 40 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              color={tone}
              // The error shade's main colour is too light for white text (WCAG AA): its dark one.
              sx={tone === 'error' ? { bgcolor: 'error.dark' } : undefined}
              disabled={mutation.isPending}
            >
              {mutation.isPending ? 'Checking…' : submitLabel}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
