import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMicros, parseMoney, type TLaunchCarrierList, type TLaunchSummary } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { formatAmount } from '@/lib/ui/LaunchSummaryView';
import { PageFrame } from '@/lib/ui/PageFrame';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useApprovalRefusal, useCan } from '@/lib/use-can';
import { launchCarriersQueryOptions, launchSummaryQueryOptions } from '../api/get-launch';
import { useUpdateLaunchCarriers } from '../api/submit-launch';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { isUndecided, LAUNCH_CRUMBS, launchDetailsPath } from '../components/launch-paths';

const TITLE = 'Update Carrier';

/** /u/update-carrier?bot_id=: after the submission, add carriers or remove those that have not decided yet. */
export default function UpdateCarrierPage() {
  const botId = useSearchParams()[0].get('bot_id');
  const summary = useQuery({ ...launchSummaryQueryOptions(botId ?? ''), enabled: Boolean(botId) });
  const carriers = useQuery({ ...launchCarriersQueryOptions(botId ?? ''), enabled: Boolean(botId) });
  if (!botId) {
    return (
      <PageFrame title={TITLE} breadcrumbs={LAUNCH_CRUMBS}>
        <Alert severity="warning">No bot is chosen: open one from MY BOTS.</Alert>
      </PageFrame>
    );
  }
  if (summary.isPending || carriers.isPending) return <CenteredStatus label="Loading the carriers…" />;
  if (summary.isError || carriers.isError) {
    return (
      <PageFrame title={TITLE} breadcrumbs={LAUNCH_CRUMBS}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void summary.refetch();
                void carriers.refetch();
              }}
            >
              Try again
            </Button>
          }
        >
          The carriers could not be loaded: {errorMessage(summary.error ?? carriers.error)}
        </Alert>
      </PageFrame>
    );
  }
  return <CarrierChanges summary={summary.data} options={carriers.data} />;
}

function CarrierChanges({ summary, options }: { summary: TLaunchSummary; options: TLaunchCarrierList }) {
  const botId = summary.bot.bot_id;
  const navigate = useNavigate();
  const canSubmit = useCan('launches.submit');
  const refusal = useApprovalRefusal('launches.submit');
  const update = useUpdateLaunchCarriers();
  const [add, setAdd] = useState<number[]>([]);
  const [remove, setRemove] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const inLaunch = new Set(summary.carriers.map((c) => c.carrier_id));
  const addable = options.items.filter((c) => !inLaunch.has(c.carrier_id) && c.price !== null);
  const allowed = canSubmit && refusal === null && summary.submitted_at !== null;
  const toggle = (list: number[], set: (next: number[]) => void, id: number, on: boolean) =>
    set(on ? [...list, id] : list.filter((other) => other !== id));
  const added = addable.filter((c) => add.includes(c.carrier_id));
  const removed = summary.carriers.filter((c) => remove.includes(c.carrier_id));
  const extra = added.reduce((sum, c) => sum + (parseMoney(c.price ?? '0') ?? 0n), 0n);

  return (
    <PageFrame
      title={TITLE}
      breadcrumbs={[...LAUNCH_CRUMBS, { label: summary.bot.name, to: launchDetailsPath(botId) }]}
      description={`Add carriers to the launch of ${summary.bot.name}, or remove carriers that have not decided yet.`}
    >
      {summary.submitted_at === null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This launch is not submitted yet: choose its carriers in the launch steps.
        </Alert>
      )}
      {refusal && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' } }}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="current-title"
          sx={{ p: 2, minWidth: 0 }}
        >
          <Typography id="current-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            Carriers of the launch
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {summary.carriers.map((carrier) => (
              <Box
                component="li"
                key={carrier.carrier_id}
                sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
              >
                {isUndecided(carrier) && allowed ? (
                  <FormControlLabel
                    sx={{ flex: '1 1 200px', mr: 0 }}
                    label={`Remove ${carrier.name} (${carrier.country_id})`}
                    control={
                      <Checkbox
                        checked={remove.includes(carrier.carrier_id)}
                        onChange={(event) =>
                          toggle(remove, setRemove, carrier.carrier_id, event.target.checked)
                        }
                      />
                    }
                  />
                ) : (
                  <Typography variant="body2" sx={{ flex: '1 1 200px' }}>
                    {carrier.name} ({carrier.country_id})
                  </Typography>
                )}
                <StatusChip status={carrier.status} />
              </Box>
            ))}
          </Box>
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="add-title" sx={{ p: 2, minWidth: 0 }}>
          <Typography id="add-title" variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
            Carriers to add
          </Typography>
          {addable.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Every carrier with a rate plan is in the launch already.
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {addable.map((carrier) => (
                <Box component="li" key={carrier.carrier_id}>
                  <FormControlLabel
                    disabled={!allowed}
                    label={`${carrier.name} (${carrier.country_id}) · ${formatAmount(carrier.price, options.currency)}`}
                    control={
                      <Checkbox
                        checked={add.includes(carrier.carrier_id)}
                        onChange={(event) => toggle(add, setAdd, carrier.carrier_id, event.target.checked)}
                      />
                    }
                  />
                </Box>
              ))}
            </Box>
          )}
        </Paper>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', mt: 3 }}>
        <Button component={RouterLink} to={launchDetailsPath(botId)}>
          Back to the launch details
        </Button>
        {allowed && (
          <Button
            variant="contained"
            disabled={add.length + remove.length === 0}
            onClick={() => setConfirming(true)}
          >
            Review the changes
          </Button>
        )}
      </Box>
      {confirming && (
        <ConfirmDialog
          title="Change the carriers of the launch?"
          confirmLabel="Change carriers"
          tone={removed.length > 0 ? 'error' : 'primary'}
          pending={update.isPending}
          error={update.error}
          onClose={() => {
            update.reset();
            setConfirming(false);
          }}
          onConfirm={() =>
            update.mutate({ botId, add, remove }, { onSuccess: () => navigate(launchDetailsPath(botId)) })
          }
        >
          <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="carrier-changes">
            {added.map((c) => (
              <li key={`add-${c.carrier_id}`}>
                Add {c.name} (verification {formatAmount(c.price, options.currency)}).
              </li>
            ))}
            {removed.map((c) => (
              <li key={`remove-${c.carrier_id}`}>Remove {c.name}: its review stops.</li>
            ))}
          </Box>
          <Typography sx={{ mt: 1 }} data-testid="carrier-changes-money">
            {moneyNote(summary, extra, options.currency, removed.length > 0)}
          </Typography>
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}

/**
 * What the change does to the money (the launches API's rule): while the verification is only held,
 * the hold is taken again for the new set of carriers; once the platform captured it, added carriers
 * are charged at once and a removed one is not refunded automatically.
 */
function moneyNote(summary: TLaunchSummary, added: bigint, currency: string, removing: boolean): string {
  if (summary.hold?.status !== 'captured') {
    return 'The verification hold is taken again from your wallet for the new set of carriers: a carrier removed gives its price back.';
  }
  return [
    added > 0n
      ? `The added carriers' verification (${formatAmount(formatMicros(added), currency)}) is charged from your wallet now.`
      : '',
    removing
      ? 'The verification was already charged: a carrier removed is not refunded automatically (support can adjust it).'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
