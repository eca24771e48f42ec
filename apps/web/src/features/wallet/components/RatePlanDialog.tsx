import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DEFAULT_PLAN_CODE, MESSAGE_TYPES, type TRatePlan } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { allCarriersQueryOptions } from '@/lib/queries/reference-data';
import { useCreateRatePlan } from '../api/rate-plans';
import { CATEGORIES, priceCell, ratePlanFormValues, ZRatePlanForm } from './rate-plan-form';

export interface RatePlanDialogProps {
  open: boolean;
  onClose: () => void;
  /** The version to start from (its carrier and prices are copied). */
  from: TRatePlan | null;
}

/** A new version of a carrier's rate plan, from an effective date on (never in the past). */
export function RatePlanDialog({ open, onClose, from }: RatePlanDialogProps) {
  const carriers = useQuery({ ...allCarriersQueryOptions, enabled: open });
  const create = useCreateRatePlan();
  const form = useZodForm(ZRatePlanForm, ratePlanFormValues(from, DEFAULT_PLAN_CODE));
  const { control } = form;
  // "Add at least one price" is the grid's own message (each cell has its own too); it goes as soon
  // as a price is typed (re-validation on change looks at the cell, not at the grid).
  const pricesMessage = form.formState.errors.prices?.message;
  const anyPrice = Object.values(form.watch('prices') ?? {}).some((price) => (price ?? '').trim() !== '');
  const gridMessage = typeof pricesMessage === 'string' && !anyPrice ? pricesMessage : null;
  const submit = form.submitWith((body) => create.mutate(body, { onSuccess: onClose }));

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="rate-plan-dialog">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="rate-plan-dialog">New rate plan version</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            The new version applies from its effective date; the current one ends there. Charges already made
            keep their price.
          </Typography>
          {create.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, mb: 2 }}>
            <FormSelectField
              control={control}
              name="carrier_id"
              label="Carrier"
              size="small"
              helperText={carriers.isError ? 'Carriers could not be loaded' : ' '}
            >
              {(carriers.data?.items ?? []).map((carrier) => (
                <option key={carrier.carrier_id} value={carrier.carrier_id}>
                  {carrier.carrier_name} ({carrier.country_id})
                </option>
              ))}
            </FormSelectField>
            <FormTextField
              control={control}
              name="plan_code"
              label="Plan code"
              size="small"
              helperText=" "
              parse={(text) => text.toUpperCase()}
            />
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
            <FormTextField
              control={control}
              name="verification_price"
              label="Verification price"
              size="small"
              helperText="Per carrier"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          <Typography variant="h3" sx={{ fontSize: '0.9375rem', mb: 1 }}>
            Price per message
          </Typography>
          {gridMessage && (
            <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }}>
              {gridMessage}
            </Typography>
          )}
          <Box sx={{ overflowX: 'auto' }}>
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: '170px repeat(4, minmax(110px, 1fr))',
                minWidth: 640,
              }}
            >
              <span />
              {MESSAGE_TYPES.map((type) => (
                <Typography key={type} variant="caption" sx={{ fontWeight: 600 }}>
                  {type}
                </Typography>
              ))}
              {CATEGORIES.map((category) => (
                <Box key={category} sx={{ display: 'contents' }}>
                  <Typography variant="body2" sx={{ alignSelf: 'center' }}>
                    {category.replace(/_/g, ' ').toLowerCase()}
                  </Typography>
                  {MESSAGE_TYPES.map((type) => (
                    <FormTextField
                      key={type}
                      control={control}
                      name={`prices.${priceCell(category, type)}`}
                      size="small"
                      slotProps={{
                        htmlInput: { 'aria-label': `${category} ${type} price`, inputMode: 'decimal' },
                      }}
                    />
                  ))}
                </Box>
              ))}
            </Box>
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
