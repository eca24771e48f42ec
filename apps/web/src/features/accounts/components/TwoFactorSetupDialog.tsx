import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TTwoFactorSetup, ZTwoFactorEnableRequest, ZTwoFactorSetupRequest } from '@portico/domain';
import { useState } from 'react';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { PasswordField } from './PasswordFields';
import { RecoveryCodes } from './RecoveryCodes';

type Step =
  | { name: 'password' }
  | { name: 'scan'; setup: TTwoFactorSetup }
  | { name: 'codes'; codes: string[] };

const TITLES: Record<Step['name'], string> = {
  password: 'Set up two-factor sign-in',
  scan: 'Scan the code with your app',
  codes: 'Save your recovery codes',
};

/**
 * Turning two-factor sign-in on: the password again, then the QR code (or the key to type) and a
 * code of it, then the recovery codes, shown this once.
 */
export function TwoFactorSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const close = () => {
    setStep({ name: 'password' });
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={step.name === 'codes' ? undefined : close}
      aria-labelledby="two-factor-setup-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="two-factor-setup-title">{TITLES[step.name]}</DialogTitle>
      {step.name === 'password' && (
        <PasswordStep onCancel={close} onDone={(setup) => setStep({ name: 'scan', setup })} />
      )}
      {step.name === 'scan' && (
        <ScanStep setup={step.setup} onCancel={close} onDone={(codes) => setStep({ name: 'codes', codes })} />
      )}
      {step.name === 'codes' && (
        <>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>
              Two-factor sign-in is on. From your next sign-in, enter the code your app shows after your
              password.
            </Typography>
            <RecoveryCodes codes={step.codes} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              I have saved them
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function PasswordStep({
  onCancel,
  onDone,
}: {
  onCancel: () => void;
  onDone: (setup: TTwoFactorSetup) => void;
}) {
  const form = useZodForm(ZTwoFactorSetupRequest, { password: '' });
  const setup = useSetupTwoFactor();
  const submit = form.submitWith((body) =>
    setup.mutate(body, { onSuccess: onDone, onError: (error) => form.showServerError(error) }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            You will need an authenticator app on your phone, such as Google Authenticator, Microsoft
            Authenticator or 1Password. First, confirm it is you.
          </Typography>
          <FormErrorAlert message={form.formError} />
          <PasswordField
            control={form.control}
            name="password"
            label="Password"
            autoComplete="current-password"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={setup.isPending}>
          {setup.isPending ? 'Checking…' : 'Continue'}
        </Button>
      </DialogActions>
    </Box>
  );
}

function ScanStep({
  setup,
  onCancel,
  onDone,
}: {
  setup: TTwoFactorSetup;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const form = useZodForm(ZTwoFactorEnableRequest, { code: '' });
  const enable = useEnableTwoFactor();
  const submit = form.submitWith((body) =>
    enable.mutate(body, {
      onSuccess: (result) => onDone(result.recoveryCodes),
      onError: (error) => form.showServerError(error),
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            In your authenticator app, add an account and scan this QR code. If you cannot scan it, type the
            key under it instead.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Box
              component="img"
              src={setup.qrCode}
              alt="QR code of your authentication key"
              width={184}
              height={184}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, flexShrink: 0 }}
            />
            <Box>
              <Typography variant="body2" id="manual-key-label" sx={{ color: 'text.secondary' }}>
                Key
              </Typography>
              <Typography
                component="code"
                aria-labelledby="manual-key-label"
                sx={{
                  display: 'block',
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  letterSpacing: '0.04em',
                  overflowWrap: 'anywhere',
                }}
              >
                {setup.manualKey}
              </Typography>
            </Box>
          </Stack>
          <FormErrorAlert message={form.formError} />
          <FormTextField
            control={form.control}
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={enable.isPending}>
          {enable.isPending ? 'Checking…' : 'Turn on'}
        </Button>
      </DialogActions>
    </Box>
  );
}
