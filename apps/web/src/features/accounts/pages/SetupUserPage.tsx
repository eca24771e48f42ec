import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type TAccountSetup, ZSetupUserDetailsRequest } from '@portico/domain';
import { useNavigate } from 'react-router';
import { useSetupUserDetails } from '../api/account-setup';
import { useContractForm } from '../components/form';
import { SETUP_STEPS, SetupFrame } from '../components/SetupFrame';
import { SetupGate } from '../components/SetupGate';

/** /u/setup-user (and /setup-user): the first step, the user's own details. */
export default function SetupUserPage() {
  return <SetupGate>{(setup) => <SetupUserForm setup={setup} />}</SetupGate>;
}

function SetupUserForm({ setup }: { setup: TAccountSetup }) {
  const navigate = useNavigate();
  const form = useContractForm(ZSetupUserDetailsRequest, {
    firstName: setup.firstName,
    lastName: setup.lastName,
  });
  const save = useSetupUserDetails();
  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => navigate(SETUP_STEPS[1].path),
      onError: (error) => form.showError(error),
    }),
  );
  return (
    <SetupFrame
      step={0}
      title="Set up your account"
      description={`Signed in as ${setup.email}. Tell us who you are.`}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {form.formError && <Alert severity="error">{form.formError}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              fullWidth
              value={form.values.firstName}
              onChange={(e) => form.set('firstName', e.target.value)}
              error={Boolean(form.errors.firstName)}
              helperText={form.errors.firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              required
              fullWidth
              value={form.values.lastName}
              onChange={(e) => form.set('lastName', e.target.value)}
              error={Boolean(form.errors.lastName)}
              helperText={form.errors.lastName}
            />
          </Stack>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save and continue'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SetupFrame>
  );
}
