import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { formatMicros, parseMoney, type TLaunchDraft, ZLaunchCarriersRequest } from '@portico/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { formatAmount } from '@/lib/ui/LaunchSummaryView';
import { TextInput } from '@/lib/ui/TextInput';
import { launchCarriersQueryOptions } from '../api/get-launch';
import { useSaveLaunchCarriers } from '../api/save-step';
import { fieldAnchor } from './launch-paths';
import { StepActions, useFocusField, useStepProblems } from './StepActions';
import { rememberedValues, useStepMemory } from './step-memory';

type CarriersValues = { carrier_ids: number[] };

/** Review Carriers: the carriers the launch is for, each with its verification price from the current rate plan. */
export function CarriersStep({
  draft,
  canWrite,
  onSaved,
}: {
  draft: TLaunchDraft;
  canWrite: boolean;
  onSaved: () => void;
}) {
  const botId = draft.bot_id;
  const client = useQueryClient();
  const carriers = useQuery(launchCarriersQueryOptions(botId));
  const save = useSaveLaunchCarriers();
  const form = useZodForm(
    ZLaunchCarriersRequest,
    rememberedValues<CarriersValues>(client, botId, 'carriers') ?? { carrier_ids: draft.carrier_ids },
  );
  const forget = useStepMemory(botId, 'carriers', form.watch);
  const chosen = useController({ control: form.control, name: 'carrier_ids' });
  const chosenIds = (chosen.field.value ?? []) as number[];
  const [search, setSearch] = useState('');
  const problems = useStepProblems(botId, 'carriers');
  useFocusField();

  const items = carriers.data?.items ?? [];
  const currency = carriers.data?.currency ?? 'USD';
  const needle = search.trim().toLowerCase();
  const shown = items.filter(
    (c) => !needle || c.name.toLowerCase().includes(needle) || c.country_id.toLowerCase().includes(needle),
  );
  const total = items
    .filter((c) => chosenIds.includes(c.carrier_id))
    .reduce((sum, c) => sum + (c.price ? (parseMoney(c.price) ?? 0n) : 0n), 0n);

  const toggle = (id: number, on: boolean) =>
    chosen.field.onChange(on ? [...chosenIds, id] : chosenIds.filter((other) => other !== id));

  const submit = form.submitWith((body) =>
    save.mutate(
      { botId, body },
      {
        onSuccess: () => {
          forget();
          onSaved();
        },
        onError: (error) => form.showServerError(error),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Review Carriers">
      <Typography sx={{ mb: 2 }}>
        Choose the carriers to launch on. Each carrier reviews the bot for its own network; its verification
        price comes from the current rate plan and is held from your wallet at payment.
      </Typography>
      <FormErrorAlert message={form.formError} />
      {draft.hold?.status === 'held' && canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The verification is held from your wallet for these carriers: changing them releases the hold, and
          you pay again for the new set at Payment.
        </Alert>
      )}
      {carriers.isError ? (
        <Alert severity="error">The carriers could not be loaded: {errorMessage(carriers.error)}</Alert>
      ) : carriers.isPending ? (
        <Typography role="status">Loading the carriers…</Typography>
      ) : items.length === 0 ? (
        <Alert severity="info">No carrier is available for this bot yet.</Alert>
      ) : (
        <Box component="fieldset" id={fieldAnchor('carrier_ids')} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Carriers
          </Typography>
          {items.length > 8 && (
            <TextInput
              size="small"
              label="Search carriers"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              sx={{ mb: 1, width: { xs: '100%', sm: 320 } }}
            />
          )}
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' },
              gap: 0.5,
            }}
          >
            {shown.map((carrier) => {
              const checked = chosenIds.includes(carrier.carrier_id);
              return (
                <Box component="li" key={carrier.carrier_id} sx={{ minWidth: 0 }}>
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', mr: 0 }}
                    control={
                      <Checkbox
                        checked={checked}
                        disabled={!canWrite || (carrier.price === null && !checked)}
                        onChange={(event) => toggle(carrier.carrier_id, event.target.checked)}
                        sx={{ pt: 0.5 }}
                      />
                    }
                    label={
                      <Box>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {carrier.name} ({carrier.country_id})
                        </Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {carrier.price === null
                            ? 'No rate plan in force'
                            : `Verification ${formatAmount(carrier.price, currency)}`}
                        </Typography>
                      </Box>
                    }
                  />
                </Box>
              );
            })}
          </Box>
          {shown.length === 0 && <Typography variant="body2">No carrier matches “{search}”.</Typography>}
          {(chosen.fieldState.error?.message ?? problems.carrier_ids) && (
            <FormHelperText error>{chosen.fieldState.error?.message ?? problems.carrier_ids}</FormHelperText>
          )}
          <Typography sx={{ mt: 2 }} data-testid="carriers-total">
            {chosenIds.length} chosen · verification {formatAmount(formatMicros(total), currency)}
          </Typography>
        </Box>
      )}
      {canWrite && <StepActions botId={botId} step="carriers" pending={save.isPending} />}
    </Box>
  );
}
