import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { BOT_CARRIER_MACHINE, type BotPlatformAction, type TLaunchSummaryCarrier } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { useOwnNetworkName, usePartnerDetails } from '@/lib/queries/partner-details';
import { type DecisionChoice, DecisionDialog } from '@/lib/ui/DecisionDialog';
import { DecisionEffects } from '@/lib/ui/DecisionEffects';
import { LaunchSummaryView } from '@/lib/ui/LaunchSummaryView';
import { type Crumb, PageFrame } from '@/lib/ui/PageFrame';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useCan } from '@/lib/use-can';
import { type BotReviewDecision, useDecideBotReview } from '../api/decide-bot-review';
import { botReviewQueryOptions } from '../api/get-bot-review';
import type { ReviewScope } from '../api/keys';
import { RetryLaunchDialog } from '../components/RetryLaunchDialog';
import {
  type BotCarrierDecision,
  canRetry,
  carrierActions,
  ownCarrier,
  platformActions,
} from '../components/review-actions';
import { reviewListPath } from '../components/review-paths';

const PLATFORM_CHOICES: Record<BotPlatformAction, DecisionChoice> = {
  forward: { label: 'Forward to carriers', reasonRequired: false, tone: 'primary' },
  approve: { label: 'Approve', reasonRequired: false, tone: 'success' },
  reject: { label: 'Reject', reasonRequired: true, tone: 'error' },
};
const CARRIER_CHOICES: Record<BotCarrierDecision, DecisionChoice> = {
  approve: {
    label: 'Approve',
    reasonRequired: BOT_CARRIER_MACHINE.transitions.approve.reasonRequired,
    tone: 'success',
  },
  reject: {
    label: 'Reject',
    reasonRequired: BOT_CARRIER_MACHINE.transitions.reject.reasonRequired,
    tone: 'error',
  },
};

const PLATFORM_DONE: Record<BotPlatformAction, string> = {
  forward: 'Forwarded to the carriers. Each carrier now decides for its own network.',
  approve: 'Approved for the platform. The carriers still decide for their networks.',
  reject: 'Rejected. The developer reads your reason and may submit again.',
};
const carrierDone = (network: string): Record<BotCarrierDecision, string> => ({
  approve: `Approved for ${network}. The launch on ${network} has started.`,
  reject: `Rejected for ${network}. The developer reads your reason.`,
});

/** What a reviewer reads once the decision is saved (the developer is mailed by the API). */
function doneMessage(decision: BotReviewDecision, network: string): string {
  if (decision.kind === 'retry') return 'The launch was asked of the network again.';
  return decision.kind === 'carrier' ? carrierDone(network)[decision.action] : PLATFORM_DONE[decision.action];
}

type Choosing =
  | { kind: 'platform'; action: BotPlatformAction }
  | { kind: 'carrier'; action: BotCarrierDecision }
  | { kind: 'retry'; carrier: TLaunchSummaryCarrier };

/**
 * A launch as a reviewer sees it: /admin/verification-details and /admin/viewBotDetails (the
 * platform: forward, approve, reject with a reason, retry a failed launch) and /billing/bot-details
 * (a carrier: approve or reject for its own network). Read-only reviewers see everything and no
 * decision controls.
 */
export default function BotReviewDetailsPage() {
  const location = useLocation();
  const scope: ReviewScope = location.pathname.startsWith('/billing') ? 'carrier' : 'platform';
  const title = location.pathname === '/admin/verification-details' ? 'Verification Details' : 'Bot Details';
  const botId = new URLSearchParams(location.search).get('bot_id') ?? '';
  // The carrier's own network, by name (issue 26): "your network" says less than "Reliance Jio".
  const network = useOwnNetworkName();
  const crumbs: Crumb[] =
    scope === 'carrier'
      ? [
          { label: 'Carrier console', to: '/billing/my-billing' },
          { label: 'Bots', to: reviewListPath('carrier') },
        ]
      : [
          { label: 'Admin console', to: '/admin/dashboard' },
          { label: 'Bots', to: reviewListPath('platform') },
        ];
  return (
    <PageFrame
      title={title}
      breadcrumbs={crumbs}
      description={
        scope === 'carrier'
          ? `Everything submitted for this launch on ${network}: approve or reject it for ${network}.`
          : 'Everything submitted for this launch: forward it to the carriers, approve or reject it.'
      }
    >
      {botId ? (
        <Launch scope={scope} botId={botId} />
      ) : (
        <Alert severity="warning">No bot is chosen: open one from the list of bots.</Alert>
      )}
    </PageFrame>
  );
}

function Launch({ scope, botId }: { scope: ReviewScope; botId: string }) {
  const launch = useQuery(botReviewQueryOptions(scope, botId));
  const canDecide = useCan(scope === 'carrier' ? 'bot-review.carrier.decide' : 'bot-review.decide');
  const carrierId = usePartnerDetails().details?.partners_profile.carrierId;
  const network = useOwnNetworkName();
  const decide = useDecideBotReview();
  const [choosing, setChoosing] = useState<Choosing | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (launch.isPending) {
    return (
      <Alert severity="info" icon={false} role="status">
        Loading the launch…
      </Alert>
    );
  }
  if (launch.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void launch.refetch()}>
            Try again
          </Button>
        }
      >
        The launch could not be loaded: {errorMessage(launch.error)}
      </Alert>
    );
  }
  const summary = launch.data;
  const own = scope === 'carrier' ? ownCarrier(summary, carrierId) : undefined;
  const offered =
    scope === 'carrier'
      ? carrierActions(own, canDecide).map((action) => ({ kind: 'carrier' as const, action }))
      : platformActions(summary, canDecide).map((action) => ({ kind: 'platform' as const, action }));
  const choiceOf = (choice: Exclude<Choosing, { kind: 'retry' }>) =>
    choice.kind === 'carrier' ? CARRIER_CHOICES[choice.action] : PLATFORM_CHOICES[choice.action];
  const open = (next: Choosing) => {
    decide.reset();
    setDone(null);
    setChoosing(next);
  };
  const send = (decision: BotReviewDecision) =>
    decide.mutate(
      { botId, decision },
      {
        onSuccess: () => {
          setChoosing(null);
          setDone(doneMessage(decision, network));
        },
      },
    );

  return (
    <Stack spacing={2}>
      {!canDecide && (
        <Alert severity="info">
          You can read everything about this launch; deciding is for{' '}
          {scope === 'carrier' ? `${network}'s` : 'the platform’s'} reviewers with write access.
        </Alert>
      )}
      {/* The decision's result takes the focus, so it is read out and Tab goes on from it. */}
      {decide.isError && choosing === null && (
        <ResultAlert severity="error">{errorMessage(decide.error)}</ResultAlert>
      )}
      {done && (
        <ResultAlert severity="success" onClose={() => setDone(null)}>
          {done}
        </ResultAlert>
      )}
      <LaunchSummaryView
        summary={summary}
        actionsNote={
          <DecisionEffects subject="launch" scope={scope} offered={offered.map((choice) => choice.action)} />
        }
        actions={
          offered.length > 0
            ? offered.map((choice) => {
                const { label, tone } = choiceOf(choice);
                return (
                  <Button
                    key={choice.action}
                    variant={choice.action === 'reject' ? 'outlined' : 'contained'}
                    color={tone}
                    // error.main is a shape colour: as text it misses WCAG AA contrast on white.
                    sx={
                      choice.action === 'reject'
                        ? { color: 'error.dark', borderColor: 'error.dark' }
                        : undefined
                    }
                    onClick={() => open(choice)}
                  >
                    {label}
                  </Button>
                );
              })
            : undefined
        }
        carrierActions={
          scope === 'platform'
            ? (carrier) =>
                canRetry(carrier, canDecide) ? (
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`Retry the launch on ${carrier.name}`}
                    onClick={() => open({ kind: 'retry', carrier })}
                  >
                    Retry launch
                  </Button>
                ) : null
            : undefined
        }
      />
      {choosing?.kind === 'retry' && (
        <RetryLaunchDialog
          botName={summary.bot.name}
          carrierName={choosing.carrier.name}
          reason={choosing.carrier.reason}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={() => send({ kind: 'retry', carrierId: choosing.carrier.carrier_id })}
          onClose={() => setChoosing(null)}
        />
      )}
      {choosing && choosing.kind !== 'retry' && (
        <DecisionDialog
          subjectName={summary.bot.name}
          choice={choiceOf(choosing)}
          pending={decide.isPending}
          error={decide.error}
          onConfirm={(reason) => send({ ...choosing, reason })}
          onClose={() => setChoosing(null)}
        />
      )}
    </Stack>
  );
}
