import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type TAggregatorBilling,
  type TAggregatorBillingRequestParsed,
  ZAggregatorBillingRequest,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { countriesQueryOptions } from '@/lib/queries/reference-data';
import { billingCategoriesQueryOptions, useSaveMyBilling } from '../api/aggregators';

/** Set up or change the aggregator's billing info: contact, tax id, billing address and category. */
export function BillingInfoForm({
  billing,
  onSaved,
}: {
  billing: TAggregatorBilling | null;
  onSaved: () => void;
}) {
  const countries = useQuery(countriesQueryOptions);
  const categories = useQuery(billingCategoriesQueryOptions);
  const save = useSaveMyBilling();
  const form = useZodForm(ZAggregatorBillingRequest, {
    contact_name: billing?.contact_name ?? '',
    contact_email: billing?.contact_email ?? '',
    contact_phone: billing?.contact_phone ?? '',
    tax_id: billing?.tax_id ?? '',
    address: {
      line1: billing?.address.line1 ?? '',
      line2: billing?.address.line2 ?? '',
      city: billing?.address.city ?? '',
      state: billing?.address.state ?? '',
      postalCode: billing?.address.postalCode ?? '',
      countryId: billing?.address.countryId ?? '',
    },
    billing_category_id: billing ? String(billing.billing_category.id) : '',
  });
  const { control } = form;
  const submit = form.submitWith((body: TAggregatorBillingRequestParsed) =>
    save.mutate(body, { onSuccess: onSaved, onError: (error) => form.showServerError(error) }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Billing info">
      <Stack spacing={2}>
        <FormErrorAlert message={form.formError} />
        {(countries.isError || categories.isError) && (
          <Alert severity="error">
            The reference lists could not be loaded. Reload the page to try again.
          </Alert>
        )}
        <Typography variant="h2">Billing contact</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
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
        <Typography variant="h2">Tax and category</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField
            control={control}
            name="tax_id"
            label="Tax id"
            required
            fullWidth
            helperText="GSTIN, VAT or EIN, as on your tax registration."
          />
          <FormSelectField
            control={control}
            name="billing_category_id"
            label="Billing category"
            required
            fullWidth
          >
            {(categories.data?.items ?? []).map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.billingCategoryName}
              </option>
            ))}
          </FormSelectField>
        </Box>
        <Typography variant="h2">Billing address</Typography>
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
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save billing info
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
