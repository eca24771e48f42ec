import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime, type TTwoFactorStatus } from '@portico/domain';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { RecoveryCodes } from './RecoveryCodes';
import { TwoFactorConfirmDialog } from './TwoFactorConfirmDialog';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

type Dialog = 'setup' | 'renew' | 'disable' | null;

/** The caller's own two-factor sign-in: on or off, and the ways to change it. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const close = () => setDialog(null);

  if (status.isPending) return <CenteredStatus label="Loading your sign-in settings…" />;
  if (status.isError) return <Alert severity="error">{errorMessage(status.error)}</Alert>;
  const state = status.data;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          icon={state.enabled ? <CheckCircleOutlined /> : <ShieldOutlined />}
          label={state.enabled ? 'On' : 'Off'}
          color={state.enabled ? 'success' : 'default'}
          variant={state.enabled ? 'filled' : 'outlined'}
          size="small"
        />
        {state.required && <Chip label="Required for your role" size="small" variant="outlined" />}
      </Stack>
      <Description state={state} />
      {notice && (
        <ResultAlert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </ResultAlert>
      )}
      {state.enabled ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" onClick={() => setDialog('renew')}>
            Get new recovery codes
          </Button>
          {!state.required && (
            <Button
              variant="outlined"
              color="error"
              sx={{ color: 'error.dark', borderColor: 'error.dark' }}
              onClick={() => setDialog('disable')}
            >
              Turn off
            </Button>
          )}
        </Stack>
      ) : (
        <div>
          <Button variant="contained" onClick={() => setDialog('setup')}>
            Set up two-factor sign-in
          </Button>
        </div>
      )}

      <TwoFactorSetupDialog open={dialog === 'setup'} onClose={close} />
      <TwoFactorConfirmDialog
        open={dialog === 'renew'}
        title="Get new recovery codes"
        intro="Your current recovery codes stop working once the new ones are made. Confirm with your password and a code."
        submitLabel="Make new codes"
        mutation={renew}
        done={(result) => <RecoveryCodes codes={result.recoveryCodes} />}
        onClose={close}
      />
      <TwoFactorConfirmDialog
        open={dialog === 'disable'}
        title="Turn off two-factor sign-in?"
        intro="Signing in will ask for your password only. Confirm with your password and a code."
        submitLabel="Turn off"
        tone="error"
        mutation={disable}
        onSucceeded={() => setNotice('Two-factor sign-in is off.')}
        onClose={close}
      />
    </Stack>
  );
}

function Description({ state }: { state: TTwoFactorStatus }) {
  if (!state.enabled) {
    return (
      <Typography>
        {state.required
          ? 'Your role must sign in with a code from an authenticator app. Set it up now, or you will be asked to at your next sign-in.'
          : 'Ask for a code from an authenticator app on your phone after your password, so a stolen password alone cannot open your account.'}
      </Typography>
    );
  }
  return (
    <Typography>
      After your password, sign-in asks for the code your authenticator app shows
      {state.enabledAt ? ` (on since ${formatDateTime(state.enabledAt)})` : ''}.{' '}
      {state.recoveryCodesLeft === 0
        ? 'You have no recovery codes left: get new ones so a lost phone does not lock you out.'
        : `You have ${state.recoveryCodesLeft} unused recovery code${state.recoveryCodesLeft === 1 ? '' : 's'}.`}
      {state.required && ' Your role must use it, so it cannot be turned off.'}
    </Typography>
  );
}
