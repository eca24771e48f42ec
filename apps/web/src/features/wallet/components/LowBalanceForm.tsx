import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { formatCurrency, type TWalletBalance, ZLowBalanceSettings } from '@portico/domain';
import { useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { useSetLowBalanceThreshold } from '../api/set-low-balance-threshold';

/** The form's one field: an empty field turns the alert off (the contract's null). */
const ZLowBalanceForm = z.object({
  threshold: z
    .string()
    .transform((value) => (value.trim() === '' ? null : value))
    .pipe(ZLowBalanceSettings.shape.threshold),
});

/** The partner's low-balance alert threshold: one email and a banner when the balance drops below it. */
export function LowBalanceForm({ current }: { current: string | null }) {
  const form = useZodForm(ZLowBalanceForm, { threshold: current ?? '' });
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSetLowBalanceThreshold();

  const send = (threshold: string | null) =>
    save.mutate(threshold, {
      onSuccess: (balance: TWalletBalance) => {
        setSaved(
          balance.low_balance_threshold === null
            ? 'Low-balance alerts are off.'
            : `We will alert you when the balance drops below ${formatCurrency(balance.low_balance_threshold)}.`,
        );
        form.reset({ threshold: balance.low_balance_threshold ?? '' });
      },
      onError: (failure) => form.setError('threshold', { type: 'server', message: errorMessage(failure) }),
    });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Low-balance alert"
      onSubmit={form.submitWith(({ threshold }) => send(threshold))}
      onChange={() => setSaved(null)}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormTextField
          control={form.control}
          name="threshold"
          label="Alert me below"
          helperText="One email each time the balance drops below it"
          size="small"
          autoComplete="off"
          slotProps={{
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            htmlInput: { inputMode: 'decimal' },
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          Save alert
        </Button>
        {current !== null && (
          <Button type="button" color="inherit" disabled={save.isPending} onClick={() => send(null)}>
            Turn off
          </Button>
        )}
      </Box>
      {saved && (
        <Typography role="status" variant="body2" sx={{ color: 'success.dark', mt: 1 }}>
          {saved}
        </Typography>
      )}
    </Box>
  );
}
