import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { ZTopupRequest } from '@portico/domain';
import { browser } from '@/lib/browser';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { useStartTopup } from '../api/start-topup';

const QUICK_AMOUNTS = ['25', '50', '100', '250'];
const NO_CHECKOUT = 'The payment provider could not open a checkout. Please try again.';

/** Amount -> the provider's hosted checkout. Keeps what was typed on an error. */
export function TopupForm() {
  const form = useZodForm(ZTopupRequest, { amount: '' });
  const topup = useStartTopup();
  const amount = form.watch('amount');

  const submit = form.submitWith((body) =>
    topup.mutate(body, {
      onSuccess: (started) =>
        started.checkout_url
          ? browser.assign(started.checkout_url)
          : form.setError('amount', { type: 'server', message: NO_CHECKOUT }),
      onError: (failure) => form.setError('amount', { type: 'server', message: errorMessage(failure) }),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Top up">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {QUICK_AMOUNTS.map((quick) => (
          <Button
            key={quick}
            size="small"
            variant={amount === quick ? 'contained' : 'outlined'}
            onClick={() => form.setValue('amount', quick, { shouldValidate: form.formState.isSubmitted })}
          >
            ${quick}
          </Button>
        ))}
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <FormTextField
          control={form.control}
          name="amount"
          label="Amount"
          helperText="From $10.00 to $10,000.00"
          size="small"
          autoComplete="off"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button type="submit" variant="contained" disabled={topup.isPending} sx={{ minWidth: 140 }}>
          {topup.isPending ? 'Starting…' : 'Top up'}
        </Button>
      </Box>
    </Box>
  );
}
