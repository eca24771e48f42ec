import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCurrency, ZLowBalanceSettings } from '@portico/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { useSetLowBalanceThreshold } from '../api/set-low-balance-threshold';

/** The partner's low-balance alert threshold: one email and a banner when the balance drops below it. */
export function LowBalanceForm({ current }: { current: string | null }) {
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSetLowBalanceThreshold();

  const submit = (threshold: string | null) => {
    const parsed = ZLowBalanceSettings.safeParse({ threshold });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an amount.');
      return;
    }
    setError(null);
    save.mutate(parsed.data.threshold, {
      onSuccess: (balance) => {
        setSaved(
          balance.low_balance_threshold === null
            ? 'Low-balance alerts are off.'
            : `We will alert you when the balance drops below ${formatCurrency(balance.low_balance_threshold)}.`,
        );
        if (balance.low_balance_threshold === null) setValue('');
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Low-balance alert"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(value.trim() === '' ? null : value);
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label="Alert me below"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(null);
            if (error) setError(null);
          }}
          error={error !== null}
          helperText={error ?? 'One email each time the balance drops below it'}
          size="small"
          inputMode="decimal"
          autoComplete="off"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          Save alert
        </Button>
        {current !== null && (
          <Button type="button" color="inherit" disabled={save.isPending} onClick={() => submit(null)}>
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
