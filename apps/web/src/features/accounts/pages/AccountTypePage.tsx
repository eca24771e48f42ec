import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AccountType, type TAccountSetup, ZAccountTypeRequest } from '@portico/domain';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormRadioGroup } from '@/lib/form/radio-group';
import { useZodForm } from '@/lib/form/use-zod-form';
import { useChooseAccountType } from '../api/account-setup';
import { SETUP_STEPS, SetupFrame } from '../components/SetupFrame';
import { SetupGate } from '../components/SetupGate';

const OPTIONS: { value: AccountType; title: string; text: string }[] = [
  {
    value: 'developer',
    title: 'Developer',
    text: 'You build and launch bots, brands, templates and campaigns for your own business.',
  },
  {
    value: 'aggregator',
    title: 'Aggregator',
    text: 'You manage bots for other businesses. Billing, brands and campaigns open once the platform approves your launch.',
  },
];

/** /u/account-type: developer or aggregator. */
export default function AccountTypePage() {
  return <SetupGate>{(setup) => <AccountTypeForm setup={setup} />}</SetupGate>;
}

function AccountTypeForm({ setup }: { setup: TAccountSetup }) {
  const navigate = useNavigate();
  const form = useZodForm(ZAccountTypeRequest, setup.accountType ? { accountType: setup.accountType } : {});
  const chosen = form.watch('accountType');
  const save = useChooseAccountType();
  const submit = form.submitWith((body) =>
    save.mutate(body, {
      onSuccess: () => navigate(SETUP_STEPS[2].path),
      onError: (error) => form.showServerError(error),
    }),
  );
  return (
    <SetupFrame step={1} title="Choose your account type" description="This decides what your console shows.">
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <FormErrorAlert message={form.formError} />
          <FormRadioGroup control={form.control} name="accountType" label="Account type">
            <Stack spacing={1.5}>
              {OPTIONS.map((option) => (
                <Paper
                  key={option.value}
                  variant="outlined"
                  sx={{
                    p: 1.5,
                    borderColor: chosen === option.value ? 'primary.main' : undefined,
                  }}
                >
                  <FormControlLabel
                    value={option.value}
                    control={<Radio />}
                    sx={{ alignItems: 'flex-start', m: 0, width: '100%' }}
                    label={
                      <Box sx={{ pt: 1 }}>
                        <Typography sx={{ fontWeight: 600 }}>{option.title}</Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {option.text}
                        </Typography>
                      </Box>
                    }
                  />
                </Paper>
              ))}
            </Stack>
          </FormRadioGroup>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={SETUP_STEPS[0].path}>
              Back
            </Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save and continue'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SetupFrame>
  );
}
