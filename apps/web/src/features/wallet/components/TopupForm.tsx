import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { ZTopupRequest } from '@portico/domain';
import { type FormEvent, useState } from 'react';
import { browser } from '@/lib/browser';
import { errorMessage } from '@/lib/http/api-error';
import { useStartTopup } from '../api/start-topup';

const QUICK_AMOUNTS = ['25', '50', '100', '250'];

/** Amount -> the provider's hosted checkout. Keeps what was typed on an error. */
export function TopupForm() {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const topup = useStartTopup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZTopupRequest.safeParse({ amount });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an amount.');
      return;
    }
    setError(null);
    topup.mutate(parsed.data, {
      onSuccess: (started) =>
        started.checkout_url
          ? browser.assign(started.checkout_url)
          : setError('The payment provider could not open a checkout. Please try again.'),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Top up">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {QUICK_AMOUNTS.map((quick) => (
          <Button
            key={quick}
            size="small"
            variant={amount === quick ? 'contained' : 'outlined'}
            onClick={() => {
              setAmount(quick);
              setError(null);
            }}
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
        <TextField
          label="Amount"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            if (error) setError(null);
          }}
          error={error !== null}
          helperText={error ?? 'From $10.00 to $10,000.00'}
          size="small"
          inputMode="decimal"
          autoComplete="off"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          sx={{ width: { xs: '100%', sm: 220 } }}
        />
        <Button type="submit" variant="contained" disabled={topup.isPending} sx={{ minWidth: 140 }}>
          {topup.isPending ? 'Starting…' : 'Top up'}
        </Button>
      </Box>
    </Box>
  );
}
