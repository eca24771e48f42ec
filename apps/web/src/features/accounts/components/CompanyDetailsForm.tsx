import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TAccountSetup, ZCompanyDetailsRequest } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { geolocationQueryOptions } from '@/lib/queries/geolocation';
import { countriesQueryOptions, industryTypesQueryOptions } from '@/lib/queries/reference-data';
import { type OrganisationCall, useUpdateCompanyDetails } from '../api/account-setup';

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
  const countries = useQuery(countriesQueryOptions);
  const industries = useQuery(industryTypesQueryOptions);
  const form = useZodForm(ZCompanyDetailsRequest, {
    company: {
      name: setup.company?.name ?? '',
      website: setup.company?.website ?? '',
      industryTypeId: setup.company?.industryTypeId ?? '',
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
  const { getValues, setValue, control } = form;
  useEffect(() => {
    if (located && !getValues('address.countryId')) setValue('address.countryId', located);
  }, [located, getValues, setValue]);

  const submit = form.submitWith((body) =>
    save.mutate(body, { onSuccess: onSaved, onError: (error) => form.showServerError(error) }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <FormErrorAlert message={form.formError} />
        {(countries.isError || industries.isError) && (
          <Alert severity="error">
            The lists of countries and industries could not be loaded. Reload the page to try again.
          </Alert>
        )}
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          Company
        </Typography>
        <FormTextField control={control} name="company.name" label="Company name" required fullWidth />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="company.website"
            label="Website"
            placeholder="https://example.com"
            required
            fullWidth
          />
          <FormSelectField
            control={control}
            name="company.industryTypeId"
            label="Industry"
            required
            fullWidth
          >
            {(industries.data?.items ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </FormSelectField>
        </Stack>
        <FormTextField
          control={control}
          name="company.registrationNumber"
          label="Registration number (optional)"
          fullWidth
        />
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, pt: 1 }}>
          Address
        </Typography>
        <FormTextField
          control={control}
          name="address.line1"
          label="Address line 1"
          autoComplete="address-line1"
          required
          fullWidth
        />
        <FormTextField
          control={control}
          name="address.line2"
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="address.city"
            label="City"
            autoComplete="address-level2"
            required
            fullWidth
          />
          <FormTextField
            control={control}
            name="address.state"
            label="State or region (optional)"
            autoComplete="address-level1"
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="address.postalCode"
            label="Postal code"
            autoComplete="postal-code"
            required
            fullWidth
          />
          <FormSelectField control={control} name="address.countryId" label="Country" required fullWidth>
            {(countries.data?.items ?? []).map((country) => (
              <option key={country.country_id} value={country.country_id}>
                {country.name}
              </option>
            ))}
          </FormSelectField>
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
