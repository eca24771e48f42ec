import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type TWhatsappRateCard, WHATSAPP_PRICING_CATEGORIES } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { countriesQueryOptions } from '@/lib/queries/reference-data';
import { useCreateRateCard } from '../api/whatsapp-rate-cards';
import { CATEGORY_LABELS, rateCardFormValues, ZRateCardForm } from './rate-card-form';

/** A new version of a country's WhatsApp rate card, from an effective date on (never in the past). */
export function RateCardDialog({
  onClose,
  from,
}: {
  onClose: () => void;
  /** The version to start from (its country and prices are copied). */
  from: TWhatsappRateCard | null;
}) {
  const countries = useQuery(countriesQueryOptions);
  const create = useCreateRateCard();
  const form = useZodForm(ZRateCardForm, rateCardFormValues(from));
  const { control } = form;
  const pricesMessage = form.formState.errors.prices?.message;
  const submit = form.submitWith((body) => create.mutate(body, { onSuccess: onClose }));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="rate-card-dialog">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="rate-card-dialog">New WhatsApp rate card version</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Meta prices WhatsApp per message by the recipient's country and the message's category: a template
            message by its template's category, any other message as a service reply. The new version applies
            from its effective date; charges already made keep their price.
          </Typography>
          {create.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <FormSelectField
              control={control}
              name="country_id"
              label="Country"
              size="small"
              helperText={countries.isError ? 'Countries could not be loaded' : ' '}
            >
              {(countries.data?.items ?? []).map((country) => (
                <option key={country.country_id} value={country.country_id}>
                  {country.name} ({country.country_id})
                </option>
              ))}
            </FormSelectField>
            <FormTextField
              control={control}
              name="currency"
              label="Currency"
              size="small"
              helperText=" "
              parse={(text) => text.toUpperCase()}
            />
            <FormTextField
              control={control}
              name="effective_from"
              label="Effective from"
              type="datetime-local"
              size="small"
              helperText="Your local time"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Typography variant="h3" sx={{ fontSize: '0.9375rem', mt: 1, mb: 1 }}>
            Price per message
          </Typography>
          {typeof pricesMessage === 'string' && (
            <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }}>
              {pricesMessage}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            {WHATSAPP_PRICING_CATEGORIES.map((category) => (
              <FormTextField
                key={category}
                control={control}
                name={`prices.${category}`}
                label={CATEGORY_LABELS[category]}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Saving…' : 'Save version'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
