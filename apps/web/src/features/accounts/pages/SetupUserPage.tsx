import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type TAccountSetup, ZSetupUserDetailsRequest } from '@portico/domain';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { useSetupUserDetails } from '../api/account-setup';
import { SETUP_STEPS, SetupFrame } from '../components/SetupFrame';
import { SetupGate } from '../components/SetupGate';

/** /u/setup-user (and /setup-user): the first step, the user's own details. */
export default function SetupUserPage() {
  return <SetupGate>{(setup) => <SetupUserForm setup={setup} />}</SetupGate>;
}

function SetupUserForm({ setup }: { setup: TAccountSetup }) {
  const navigate = useNavigate();
  const form = useZodForm(ZSetupUserDetailsRequest, {
    firstName: setup.firstName,
    lastName: setup.lastName,
  });
  const save = useSetupUserDetails();
  const submit = form.submitWith((body) =>
    save.mutate(body, {
      onSuccess: () => navigate(SETUP_STEPS[1].path),
      onError: (error) => form.showServerError(error),
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
          <FormErrorAlert message={form.formError} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={form.control}
              name="firstName"
              label="First name"
              autoComplete="given-name"
              required
              fullWidth
            />
            <FormTextField
              control={form.control}
              name="lastName"
              label="Last name"
              autoComplete="family-name"
              required
              fullWidth
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
