import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type TAccountSetup, ZCompanyDetailsRequest } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type OrganisationCall, useUpdateCompanyDetails } from '../api/account-setup';
import { geolocationQueryOptions } from '../api/geolocation';
import { accountCountriesQueryOptions, industryTypesQueryOptions } from '../api/reference';
import { useContractForm } from '../components/form';
import { SETUP_STEPS, SetupFrame } from '../components/SetupFrame';
import { SetupGate } from '../components/SetupGate';

/** /setup-enterprise: company details and address. */
export default function SetupEnterprisePage() {
  const navigate = useNavigate();
  return (
    <SetupGate>
      {(setup) => (
        <SetupFrame
          step={2}
          title="Set up your enterprise"
          description="The company your bots will speak for, and its address."
        >
          <CompanyDetailsForm
            setup={setup}
            onSaved={() => navigate(SETUP_STEPS[3].path)}
            back={
              <Button component={RouterLink} to={SETUP_STEPS[1].path}>
                Back
              </Button>
            }
            submitLabel="Save and continue"
          />
        </SetupFrame>
      )}
    </SetupGate>
  );
}

/** Company details and address (set-up enterprise, and the profile's account details). */
export function CompanyDetailsForm({
  setup,
  onSaved,
  back,
  submitLabel,
  call,
}: {
  setup: Pick<TAccountSetup, 'company' | 'address'>;
  onSaved: () => void;
  back?: ReactNode;
  submitLabel: string;
  /** Which organisation this saves (default: the caller's developer partner). */
  call?: OrganisationCall;
}) {
  const countries = useQuery(accountCountriesQueryOptions);
  const industries = useQuery(industryTypesQueryOptions);
  const form = useContractForm(ZCompanyDetailsRequest, {
    company: {
      name: setup.company?.name ?? '',
      website: setup.company?.website ?? '',
      industryTypeId: setup.company?.industryTypeId ?? ('' as unknown as number),
      registrationNumber: setup.company?.registrationNumber ?? '',
    },
    address: {
      line1: setup.address?.line1 ?? '',
      line2: setup.address?.line2 ?? '',
      city: setup.address?.city ?? '',
      state: setup.address?.state ?? '',
      postalCode: setup.address?.postalCode ?? '',
      countryId: setup.address?.countryId ?? '',
    },
  });
  const save = useUpdateCompanyDetails(call);
  // The country is preselected from the caller's IP when none is chosen yet.
  const located = useQuery(geolocationQueryOptions).data?.countryId;
  const { setValues } = form;
  useEffect(() => {
    if (located)
      setValues((v) => (v.address.countryId ? v : { ...v, address: { ...v.address, countryId: located } }));
  }, [located, setValues]);
  const { company, address } = form.values;
  const setCompany = (patch: Partial<typeof company>) => {
    form.setValues((v) => ({ ...v, company: { ...v.company, ...patch } }));
    form.clearErrors(...Object.keys(patch).map((key) => `company.${key}`));
  };
  const setAddress = (patch: Partial<typeof address>) => {
    form.setValues((v) => ({ ...v, address: { ...v.address, ...patch } }));
    form.clearErrors(...Object.keys(patch).map((key) => `address.${key}`));
  };
  const field = (path: string) => ({ error: Boolean(form.errors[path]), helperText: form.errors[path] });

  const submit = form.onSubmit((body) =>
    save.mutate(body, { onSuccess: onSaved, onError: (error) => form.showError(error) }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {form.formError && <Alert severity="error">{form.formError}</Alert>}
        {(countries.isError || industries.isError) && (
          <Alert severity="error">
            The lists of countries and industries could not be loaded. Reload the page to try again.
          </Alert>
        )}
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          Company
        </Typography>
        <TextField
          label="Company name"
          name="company.name"
          required
          fullWidth
          value={company.name}
          onChange={(e) => setCompany({ name: e.target.value })}
          {...field('company.name')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Website"
            name="company.website"
            placeholder="https://example.com"
            required
            fullWidth
            value={company.website}
            onChange={(e) => setCompany({ website: e.target.value })}
            {...field('company.website')}
          />
          <TextField
            select
            label="Industry"
            name="company.industryTypeId"
            required
            fullWidth
            value={String(company.industryTypeId ?? '')}
            onChange={(e) => setCompany({ industryTypeId: Number(e.target.value) })}
            {...field('company.industryTypeId')}
          >
            {(industries.data?.items ?? []).map((item) => (
              <MenuItem key={item.id} value={String(item.id)}>
                {item.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label="Registration number (optional)"
          name="company.registrationNumber"
          fullWidth
          value={company.registrationNumber ?? ''}
          onChange={(e) => setCompany({ registrationNumber: e.target.value })}
          {...field('company.registrationNumber')}
        />
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, pt: 1 }}>
          Address
        </Typography>
        <TextField
          label="Address line 1"
          name="address.line1"
          autoComplete="address-line1"
          required
          fullWidth
          value={address.line1}
          onChange={(e) => setAddress({ line1: e.target.value })}
          {...field('address.line1')}
        />
        <TextField
          label="Address line 2 (optional)"
          name="address.line2"
          autoComplete="address-line2"
          fullWidth
          value={address.line2 ?? ''}
          onChange={(e) => setAddress({ line2: e.target.value })}
          {...field('address.line2')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="City"
            name="address.city"
            autoComplete="address-level2"
            required
            fullWidth
            value={address.city}
            onChange={(e) => setAddress({ city: e.target.value })}
            {...field('address.city')}
          />
          <TextField
            label="State or region (optional)"
            name="address.state"
            autoComplete="address-level1"
            fullWidth
            value={address.state ?? ''}
            onChange={(e) => setAddress({ state: e.target.value })}
            {...field('address.state')}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Postal code"
            name="address.postalCode"
            autoComplete="postal-code"
            required
            fullWidth
            value={address.postalCode}
            onChange={(e) => setAddress({ postalCode: e.target.value })}
            {...field('address.postalCode')}
          />
          <TextField
            select
            label="Country"
            name="address.countryId"
            required
            fullWidth
            value={address.countryId}
            onChange={(e) => setAddress({ countryId: e.target.value })}
            {...field('address.countryId')}
          >
            {(countries.data?.items ?? []).map((country) => (
              <MenuItem key={country.country_id} value={country.country_id}>
                {country.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: back ? 'space-between' : 'flex-end' }}>
          {back}
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
