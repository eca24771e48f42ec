import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TBrand, type TBrandRequestParsed, ZBrandRequest } from '@portico/domain';
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
import { useSaveBrand } from '../api/save-brand';

const LOCKED = 'Locked: the network verified the brand with it.';

/** Create or update a brand: details, contacts, address, and the carriers (by country) it is for. */
export function BrandForm({ brand, onSaved }: { brand: TBrand | null; onSaved: (brand: TBrand) => void }) {
  const countries = useQuery(countriesQueryOptions);
  const industries = useQuery(industryTypesQueryOptions);
  const carriers = useQuery(allCarriersQueryOptions);
  const save = useSaveBrand();
  const locked = new Set<string>(brand?.locked_fields ?? []);
  const form = useZodForm(ZBrandRequest, {
    name: brand?.name ?? '',
    industry_type_id: brand ? String(brand.industry_type_id) : '',
    website: brand?.website ?? '',
    description: brand?.description ?? '',
    contact_name: brand?.contact_name ?? '',
    contact_email: brand?.contact_email ?? '',
    contact_phone: brand?.contact_phone ?? '',
    address: {
      line1: brand?.address.line1 ?? '',
      line2: brand?.address.line2 ?? '',
      city: brand?.address.city ?? '',
      state: brand?.address.state ?? '',
      postalCode: brand?.address.postalCode ?? '',
      countryId: brand?.address.countryId ?? '',
    },
    carrier_ids: brand?.carriers.map((c) => c.carrier_id) ?? [],
  });
  const { control } = form;

  const submit = form.submitWith((body: TBrandRequestParsed) =>
    save.mutate(
      { brandId: brand?.brand_id ?? null, body },
      { onSuccess: onSaved, onError: (error) => form.showServerError(error) },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={brand ? 'Update brand' : 'Create brand'}>
      <Stack spacing={2}>
        <FormErrorAlert message={form.formError} />
        {(countries.isError || industries.isError || carriers.isError) && (
          <Alert severity="error">
            The reference lists could not be loaded. Reload the page to try again.
          </Alert>
        )}
        <Typography variant="h2">Brand</Typography>
        <FormTextField
          control={control}
          name="name"
          label="Brand name"
          required
          fullWidth
          disabled={locked.has('name')}
          helperText={locked.has('name') ? LOCKED : undefined}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormSelectField
            control={control}
            name="industry_type_id"
            label="Industry"
            required
            fullWidth
            disabled={locked.has('industry_type_id')}
            helperText={locked.has('industry_type_id') ? LOCKED : undefined}
          >
            {(industries.data?.items ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </FormSelectField>
          <FormTextField
            control={control}
            name="website"
            label="Website"
            placeholder="https://example.com"
            required
            fullWidth
            disabled={locked.has('website')}
            helperText={locked.has('website') ? LOCKED : undefined}
          />
        </Box>
        <FormTextField
          control={control}
          name="description"
          label="Description"
          multiline
          minRows={2}
          fullWidth
        />
        <Typography variant="h2">Contact</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          <FormTextField control={control} name="contact_name" label="Contact name" required fullWidth />
          <FormTextField
            control={control}
            name="contact_email"
            label="Contact email"
            type="email"
            required
            fullWidth
          />
          <FormTextField
            control={control}
            name="contact_phone"
            label="Contact phone"
            placeholder="+919876543210"
            required
            fullWidth
          />
        </Box>
        <Typography variant="h2">Address</Typography>
        <FormTextField control={control} name="address.line1" label="Address line 1" required fullWidth />
        <FormTextField control={control} name="address.line2" label="Address line 2" fullWidth />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={control} name="address.city" label="City" required fullWidth />
          <FormTextField control={control} name="address.state" label="State" fullWidth />
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
          legend="Carriers"
          countryLabel="Carriers in"
          initialCountry={brand?.carriers[0]?.country_id ?? 'IN'}
          emptyHint="Choose the carriers the brand is for."
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {brand ? 'Save changes' : 'Create brand'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
