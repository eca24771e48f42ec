import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type TBrandRequestParsed, ZBrandRequest } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { FormCarrierPicker } from '@/lib/form/carrier-picker';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import {
  allCarriersQueryOptions,
  countriesQueryOptions,
  industryTypesQueryOptions,
} from '@/lib/queries/reference-data';

/**
 * A new brand for the bot, filled in on the brand-details step and sent with it (PUT /bots/:id/brand
 * creates it through the brands module). The same contract as MY BRANDS' form (ZBrandRequest).
 */
export function NewBrandForm({
  pending,
  submitLabel,
  onSubmit,
}: {
  pending: boolean;
  submitLabel: string;
  onSubmit: (brand: TBrandRequestParsed, showError: (error: unknown) => void) => void;
}) {
  const countries = useQuery(countriesQueryOptions);
  const industries = useQuery(industryTypesQueryOptions);
  const carriers = useQuery(allCarriersQueryOptions);
  const form = useZodForm(ZBrandRequest, {
    name: '',
    industry_type_id: '',
    website: '',
    description: '',
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    address: { line1: '', line2: '', city: '', state: '', postalCode: '', countryId: '' },
    carrier_ids: [],
  });
  const { control } = form;
  const submit = form.submitWith((brand: TBrandRequestParsed) =>
    onSubmit(brand, (error) => form.showServerError(error, (field) => field.replace(/^brand\./, ''))),
  );
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="New brand">
      <Stack spacing={2}>
        <FormErrorAlert message={form.formError} />
        {(countries.isError || industries.isError || carriers.isError) && (
          <Alert severity="error">
            The reference lists could not be loaded. Reload the page to try again.
          </Alert>
        )}
        <Box sx={grid}>
          <FormTextField control={control} name="name" label="Brand name" required fullWidth />
          <FormSelectField control={control} name="industry_type_id" label="Industry" required fullWidth>
            {(industries.data?.items ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </FormSelectField>
          <FormTextField
            control={control}
            name="website"
            label="Brand website"
            placeholder="https://example.com"
            required
            fullWidth
          />
          <FormTextField control={control} name="contact_name" label="Contact name" required fullWidth />
          <FormTextField control={control} name="contact_email" label="Contact email" required fullWidth />
          <FormTextField
            control={control}
            name="contact_phone"
            label="Contact phone"
            placeholder="+919876543210"
            required
            fullWidth
          />
        </Box>
        <FormTextField control={control} name="description" label="Brand description" multiline fullWidth />
        <FormTextField control={control} name="address.line1" label="Address line 1" required fullWidth />
        <Box sx={grid}>
          <FormTextField control={control} name="address.city" label="City" required fullWidth />
          <FormTextField control={control} name="address.postalCode" label="Postal code" required fullWidth />
          <FormSelectField control={control} name="address.countryId" label="Country" required fullWidth>
            {(countries.data?.items ?? []).map((item) => (
              <option key={item.country_id} value={item.country_id}>
                {item.name}
              </option>
            ))}
          </FormSelectField>
        </Box>
        <FormCarrierPicker
          control={control}
          name="carrier_ids"
          legend="Carriers the brand is for"
          countryLabel="Brand carriers in"
          initialCountry="IN"
          emptyHint="Choose the carriers the brand is for."
          legendSx={{}}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
