import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, userStatusPresentation } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { useOwnNetworkName } from '@/lib/queries/partner-details';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { type DecisionChoice, DecisionDialog } from '@/lib/ui/DecisionDialog';
import { DecisionEffects } from '@/lib/ui/DecisionEffects';
import { type PageSection, SectionNav, StickyActionBar } from '@/lib/ui/DetailLayout';
import { HistoryPanel } from '@/lib/ui/HistoryPanel';
import { PageFrame } from '@/lib/ui/PageFrame';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import {
  aggregatorHistoryQueryOptions,
  aggregatorQueryOptions,
  useCarrierDecideAggregator,
  useDecideAggregator,
} from '../api/aggregators';
import { BillingFacts } from '../components/BillingFacts';

type Action = 'forward' | 'approve' | 'reject';
const CHOICES: Record<Action, DecisionChoice> = {
  forward: { label: 'Forward to carriers', reasonRequired: false, tone: 'primary' },
  approve: { label: 'Approve', reasonRequired: false, tone: 'success' },
  reject: { label: 'Reject', reasonRequired: true, tone: 'error' },
};
const carrierChoices = (network: string): Record<'approve' | 'reject', DecisionChoice> => ({
  approve: { label: `Approve for ${network}`, reasonRequired: false, tone: 'success' },
  reject: { label: `Reject for ${network}`, reasonRequired: true, tone: 'error' },
});

const SECTIONS: readonly PageSection[] = [
  { id: 'aggregator-summary', label: 'Aggregator' },
  { id: 'aggregator-billing', label: 'Billing info' },
  { id: 'aggregator-carriers', label: 'Carrier reviews' },
  { id: 'aggregator-history', label: 'History' },
];

/**
 * viewAggregatorDetails (admins) and /billing/view-aggregator (carriers): the aggregator, its users,
 * billing info, the carriers' reviews, its approval history, and the decisions the caller may take:
 * the platform's (forward, approve, reject) or the carrier's for its own network (approve, reject).
 */
export default function AggregatorDetailsPage() {
  const partnerId = useSearchParams()[0].get('partnerId') ?? '';
  const carrierView = useLocation().pathname.startsWith('/billing');
  const CRUMBS = [
    carrierView
      ? { label: 'Aggregators', to: '/billing/my-aggregators' }
      : { label: 'Aggregators', to: '/admin/aggregators' },
  ];
  const aggregator = useQuery({ ...aggregatorQueryOptions(partnerId), enabled: partnerId !== '' });
  const history = useQuery({ ...aggregatorHistoryQueryOptions(partnerId), enabled: partnerId !== '' });
  const canPlatformDecide = useCan('aggregators.review');
  const canCarrierDecide = useCan('aggregators.carrier-review');
  const platformDecide = useDecideAggregator();
  const carrierDecide = useCarrierDecideAggregator();
  const canDecide = carrierView ? canCarrierDecide : canPlatformDecide;
  const decide = carrierView ? carrierDecide : platformDecide;
  const network = useOwnNetworkName();
  const choices: Partial<Record<Action, DecisionChoice>> = carrierView ? carrierChoices(network) : CHOICES;
  const [choosing, setChoosing] = useState<Action | null>(null);
  if (!partnerId) {
    return (
      <PageFrame title="Aggregator Details" breadcrumbs={CRUMBS}>
        <Alert severity="warning">No aggregator is chosen: open one from the list of aggregators.</Alert>
      </PageFrame>
    );
  }
  if (aggregator.isPending) return <CenteredStatus label="Loading the aggregator…" />;
  if (aggregator.isError) {
    return (
      <PageFrame title="Aggregator Details" breadcrumbs={CRUMBS}>
        <Alert severity="error">{errorMessage(aggregator.error)}</Alert>
      </PageFrame>
    );
  }
  const data = aggregator.data;
  const offered = canDecide ? (data.allowed_actions.filter((a) => a in choices) as Action[]) : [];
  const facts: [string, string][] = [
    ['Status', data.status.label],
    ...(data.carrier_status ? ([[network, data.carrier_status.label]] as [string, string][]) : []),
    ['Launch approved', data.launch_approved ? 'Yes' : 'No'],
    ['Owner', [data.owner_name, data.owner_email].filter(Boolean).join(' · ') || '—'],
    ['Website', data.website ?? '—'],
    ['Registration number', data.registration_number ?? '—'],
    ['Address', data.address || '—'],
    ['Signed up', String(formatDateTimeZoned(data.created_at))],
  ];
  return (
    <PageFrame
      title={data.name}
      breadcrumbs={CRUMBS}
      description={
        carrierView
          ? `Aggregator details, users and approval history; decide for ${network}.`
          : 'Aggregator details, users and approval history.'
      }
    >
      <Stack spacing={3}>
        <SectionNav sections={SECTIONS} />
        {decide.isError && choosing === null && <Alert severity="error">{errorMessage(decide.error)}</Alert>}
        <Paper
          variant="outlined"
          component="section"
          id="aggregator-summary"
          aria-label="Aggregator summary"
          sx={{ p: 2, scrollMarginTop: 80 }}
        >
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1, m: 0 }}
          >
            {facts.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {term}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            Users
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {data.users.map((user) => (
              <li key={user.email}>
                <Typography variant="body2">
                  {user.name || user.email} · {user.email} · {user.role ?? 'Owner'}{' '}
                  <StatusChip compact presented={userStatusPresentation(user.status)} />
                </Typography>
              </li>
            ))}
          </Box>
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="aggregator-billing"
          sx={{ p: 2, scrollMarginTop: 80 }}
        >
          <Typography id="aggregator-billing" variant="h2" sx={{ mb: 1 }}>
            Billing info
          </Typography>
          {data.billing ? (
            <BillingFacts billing={data.billing} />
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The aggregator has not set up its billing info yet.
            </Typography>
          )}
        </Paper>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="aggregator-carriers"
          sx={{ p: 2, scrollMarginTop: 80 }}
        >
          <Typography id="aggregator-carriers" variant="h2" sx={{ mb: 1 }}>
            {carrierView ? `${network}'s review` : 'Carrier reviews'}
          </Typography>
          {data.carriers.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Not forwarded to the carriers yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {data.carriers.map((c) => (
                <li key={c.carrier_id}>
                  <Typography variant="body2">
                    {c.name} ({c.country_id}) <StatusChip status={c.status} />
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </Paper>
        <HistoryPanel query={history} id="aggregator-history" />
        {offered.length > 0 && (
          <StickyActionBar
            label={`Decisions on ${data.name}`}
            note={
              <DecisionEffects
                subject="aggregator"
                scope={carrierView ? 'carrier' : 'platform'}
                offered={offered}
              />
            }
          >
            {offered.map((action) => (
              <Button
                key={action}
                variant={action === 'reject' ? 'outlined' : 'contained'}
                color={choices[action]?.tone ?? 'primary'}
                sx={action === 'reject' ? { color: 'error.dark', borderColor: 'error.dark' } : undefined}
                onClick={() => {
                  decide.reset();
                  setChoosing(action);
                }}
              >
                {choices[action]?.label}
              </Button>
            ))}
          </StickyActionBar>
        )}
      </Stack>
      {choosing && choices[choosing] && (
        <DecisionDialog
          subjectName={data.name}
          choice={choices[choosing]}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) =>
            decide.mutate({ partnerId, action: choosing, reason }, { onSuccess: () => setChoosing(null) })
          }
          onClose={() => setChoosing(null)}
        />
      )}
    </PageFrame>
  );
}
