import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAccountSetup } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { countriesQueryOptions, industryTypesQueryOptions } from '@/lib/queries/reference-data';
import { useCompleteSetup } from '../api/account-setup';
import { SETUP_STEPS, SetupFrame } from '../components/SetupFrame';
import { SetupGate } from '../components/SetupGate';

/** /u/review-details: everything gathered, each part editable, then finish. */
export default function ReviewDetailsPage() {
  return <SetupGate>{(setup) => <Review setup={setup} />}</SetupGate>;
}

const MISSING = (
  <Box component="span" sx={{ color: 'error.main' }}>
    Missing
  </Box>
);

function Section({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Link component={RouterLink} to={to} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </Link>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
          gap: 0.5,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function Review({ setup }: { setup: TAccountSetup }) {
  const navigate = useNavigate();
  const complete = useCompleteSetup(() => navigate('/signup-success'));
  const countries = useQuery(countriesQueryOptions);
  const industries = useQuery(industryTypesQueryOptions);
  const country =
    countries.data?.items.find((c) => c.country_id === setup.address?.countryId)?.name ??
    setup.address?.countryId;
  const industry = industries.data?.items.find((i) => i.id === setup.company?.industryTypeId)?.name;
  const a = setup.address;
  return (
    <SetupFrame
      step={3}
      title="Review your details"
      description="Check everything before you finish. You can change these later in your profile."
    >
      <Stack spacing={2.5} divider={<Divider flexItem />}>
        <Section title="Your details" to={SETUP_STEPS[0].path}>
          <dt>Name</dt>
          <dd>{setup.firstName || setup.lastName ? `${setup.firstName} ${setup.lastName}` : MISSING}</dd>
          <dt>Email</dt>
          <dd>{setup.email}</dd>
        </Section>
        <Section title="Account type" to={SETUP_STEPS[1].path}>
          <dt>Type</dt>
          <dd>
            {setup.accountType === 'aggregator'
              ? 'Aggregator'
              : setup.accountType === 'developer'
                ? 'Developer'
                : MISSING}
          </dd>
        </Section>
        <Section title="Enterprise" to={SETUP_STEPS[2].path}>
          <dt>Company</dt>
          <dd>{setup.company?.name ?? MISSING}</dd>
          <dt>Website</dt>
          <dd>{setup.company?.website ?? MISSING}</dd>
          <dt>Industry</dt>
          <dd>{industry ?? (setup.company?.industryTypeId ? '…' : MISSING)}</dd>
          {setup.company?.registrationNumber && (
            <>
              <dt>Registration number</dt>
              <dd>{setup.company.registrationNumber}</dd>
            </>
          )}
          <dt>Address</dt>
          <dd>
            {a?.line1
              ? [a.line1, a.line2, a.city, a.state, a.postalCode, country].filter(Boolean).join(', ')
              : MISSING}
          </dd>
        </Section>
        <Box>
          {complete.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(complete.error)}
            </Alert>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={SETUP_STEPS[2].path}>
              Back
            </Button>
            <Button variant="contained" disabled={complete.isPending} onClick={() => complete.mutate()}>
              {complete.isPending ? 'Finishing…' : 'Finish sign-up'}
            </Button>
          </Box>
        </Box>
      </Stack>
    </SetupFrame>
  );
}
