import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_PLAN_CODE, MESSAGE_TYPES, type TRatePlan, ZRatePlanCreate } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { carrierOptionsQueryOptions } from '../api/get-carrier-options';
import { useCreateRatePlan } from '../api/rate-plans';

const CATEGORIES = ['CONVERSATIONAL', 'SINGLE_MESSAGE', 'BASIC_MESSAGE', 'CONVERSATIONAL_LEGACY'] as const;
const key = (category: string, type: string) => `${category}|${type}`;

/** Local date-time for <input type="datetime-local">: tomorrow at 00:00. */
function tomorrowLocal(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(0, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T00:00`;
}

export interface RatePlanDialogProps {
  open: boolean;
  onClose: () => void;
  /** The version to start from (its carrier and prices are copied). */
  from: TRatePlan | null;
}

/** A new version of a carrier's rate plan, from an effective date on (never in the past). */
export function RatePlanDialog({ open, onClose, from }: RatePlanDialogProps) {
  const carriers = useQuery({ ...carrierOptionsQueryOptions, enabled: open });
  const create = useCreateRatePlan();
  const [carrierId, setCarrierId] = useState<number | ''>(from?.carrier_id ?? '');
  const [planCode, setPlanCode] = useState(from?.plan_code ?? DEFAULT_PLAN_CODE);
  const [currency, setCurrency] = useState(from?.currency ?? 'USD');
  const [effectiveFrom, setEffectiveFrom] = useState(tomorrowLocal());
  const [verification, setVerification] = useState(from?.verification_price ?? '');
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries((from?.prices ?? []).map((p) => [key(p.billing_category, p.message_type), p.price])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Editing a field clears its message (what was typed is kept). */
  const clear = (...names: string[]) =>
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const effective = new Date(effectiveFrom);
    const body = {
      carrier_id: carrierId === '' ? 0 : carrierId,
      plan_code: planCode,
      currency,
      effective_from: Number.isNaN(effective.getTime()) ? '' : effective.toISOString(),
      verification_price: verification,
      prices: CATEGORIES.flatMap((category) =>
        MESSAGE_TYPES.filter((type) => (prices[key(category, type)] ?? '').trim() !== '').map((type) => ({
          billing_category: category,
          message_type: type,
          price: prices[key(category, type)] ?? '',
        })),
      ),
    };
    const parsed = ZRatePlanCreate.safeParse(body);
    const next: Record<string, string> = {};
    if (carrierId === '') next.carrier_id = 'Choose a carrier';
    if (!Number.isNaN(effective.getTime()) && effective.getTime() < Date.now() - 60_000) {
      next.effective_from = 'Effective from must not be in the past';
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [first, index, field] = issue.path;
        const name =
          first === 'prices' && typeof index === 'number' && field !== undefined
            ? key(body.prices[index]?.billing_category ?? '', body.prices[index]?.message_type ?? '')
            : String(first);
        next[name] ??= issue.message;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    create.mutate(parsed.data, { onSuccess: onClose });
  };

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
            <TextField
              select
              label="Carrier"
              size="small"
              value={carrierId}
              error={Boolean(errors.carrier_id)}
              helperText={errors.carrier_id ?? (carriers.isError ? 'Carriers could not be loaded' : ' ')}
              onChange={(event) => {
                clear('carrier_id');
                setCarrierId(event.target.value === '' ? '' : Number(event.target.value));
              }}
            >
              {(carriers.data?.items ?? []).map((carrier) => (
                <MenuItem key={carrier.carrier_id} value={carrier.carrier_id}>
                  {carrier.carrier_name} ({carrier.country_id})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Plan code"
              size="small"
              value={planCode}
              error={Boolean(errors.plan_code)}
              helperText={errors.plan_code ?? ' '}
              onChange={(event) => {
                clear('plan_code');
                setPlanCode(event.target.value.toUpperCase());
              }}
            />
            <TextField
              label="Currency"
              size="small"
              value={currency}
              error={Boolean(errors.currency)}
              helperText={errors.currency ?? ' '}
              onChange={(event) => {
                clear('currency');
                setCurrency(event.target.value.toUpperCase());
              }}
            />
            <TextField
              label="Effective from"
              type="datetime-local"
              size="small"
              value={effectiveFrom}
              error={Boolean(errors.effective_from)}
              helperText={errors.effective_from ?? 'Your local time'}
              onChange={(event) => {
                clear('effective_from');
                setEffectiveFrom(event.target.value);
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Verification price"
              size="small"
              value={verification}
              inputMode="decimal"
              error={Boolean(errors.verification_price)}
              helperText={errors.verification_price ?? 'Per carrier'}
              onChange={(event) => {
                clear('verification_price');
                setVerification(event.target.value);
              }}
            />
          </Box>
          <Typography variant="h3" sx={{ fontSize: '0.9375rem', mb: 1 }}>
            Price per message
          </Typography>
          {errors.prices && (
            <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }}>
              {errors.prices}
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
                  {MESSAGE_TYPES.map((type) => {
                    const name = key(category, type);
                    return (
                      <TextField
                        key={name}
                        size="small"
                        value={prices[name] ?? ''}
                        inputMode="decimal"
                        error={Boolean(errors[name])}
                        helperText={errors[name]}
                        onChange={(event) => {
                          clear(name, 'prices');
                          setPrices((current) => ({ ...current, [name]: event.target.value }));
                        }}
                        slotProps={{ htmlInput: { 'aria-label': `${category} ${type} price` } }}
                      />
                    );
                  })}
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
