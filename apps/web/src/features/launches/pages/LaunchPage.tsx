import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LAUNCH_STEP_SLUGS, type LaunchStepSlug, launchStepTitle, type TLaunchDraft } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { PageFrame } from '@/lib/ui/PageFrame';
import { StatusChip } from '@/lib/ui/StatusChip';
import { useCan } from '@/lib/use-can';
import { launchDraftQueryOptions, launchPreflightQueryOptions } from '../api/get-launch';
import { BrandStep } from '../components/BrandStep';
import { CarriersStep } from '../components/CarriersStep';
import { ExperienceStep } from '../components/ExperienceStep';
import { LaunchStepNav } from '../components/LaunchStepNav';
import {
  LAUNCH_CRUMBS,
  launchDetailsPath,
  launchStepPath,
  nextStep,
  stepOfPath,
} from '../components/launch-paths';
import { PaymentStep } from '../components/PaymentStep';
import { PreflightPanel } from '../components/PreflightPanel';
import { VerificationStep } from '../components/VerificationStep';

const TITLE = 'Launch Bot';

/** /u/launch/<step>?bot_id=: the five-step launch of spec section 3, each step saved on its own. */
export default function LaunchPage() {
  const { pathname } = useLocation();
  const botId = useSearchParams()[0].get('bot_id');
  const step = stepOfPath(pathname);
  if (!botId) {
    return (
      <PageFrame title={TITLE} breadcrumbs={LAUNCH_CRUMBS}>
        <Alert severity="warning">No bot is chosen: open one from MY BOTS and choose Launch.</Alert>
      </PageFrame>
    );
  }
  if (!step) return <Navigate to={launchStepPath('carriers', botId)} replace />;
  return <LaunchSteps botId={botId} step={step} />;
}

function LaunchSteps({ botId, step }: { botId: string; step: LaunchStepSlug }) {
  const draft = useQuery(launchDraftQueryOptions(botId));
  const preflight = useQuery(launchPreflightQueryOptions(botId));
  if (draft.isPending) return <CenteredStatus label="Loading the launch…" />;
  if (draft.isError) {
    return (
      <PageFrame title={TITLE} breadcrumbs={LAUNCH_CRUMBS}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void draft.refetch()}>
              Try again
            </Button>
          }
        >
          The launch could not be loaded: {errorMessage(draft.error)}
        </Alert>
      </PageFrame>
    );
  }
  const data = draft.data;
  return (
    <PageFrame
      title={`${TITLE}: ${data.bot_name}`}
      breadcrumbs={LAUNCH_CRUMBS}
      description={`Step ${LAUNCH_STEP_SLUGS.indexOf(step) + 1} of ${LAUNCH_STEP_SLUGS.length}: ${launchStepTitle(step)}.`}
      actions={<StatusChip status={data.status} />}
    >
      <LaunchStepNav botId={botId} active={step} preflight={preflight.data} />
      {!data.editable ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={launchDetailsPath(botId)} color="inherit" size="small">
              Launch details
            </Button>
          }
        >
          This launch was submitted: it can no longer be changed here. Carriers not decided yet can be changed
          from the launch details.
        </Alert>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
            alignItems: 'start',
          }}
        >
          <Paper
            variant="outlined"
            component="section"
            aria-label={launchStepTitle(step)}
            sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
          >
            <Step draft={data} step={step} />
          </Paper>
          <PreflightPanel botId={botId} />
        </Box>
      )}
    </PageFrame>
  );
}

function Step({ draft, step }: { draft: TLaunchDraft; step: LaunchStepSlug }) {
  const canWrite = useCan('launches.write');
  const navigate = useNavigate();
  const next = nextStep(step);
  const onSaved = () => {
    if (next) navigate(launchStepPath(next, draft.bot_id));
  };
  return (
    <>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {launchStepTitle(step)}
      </Typography>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your role can view this launch, not change it.
        </Alert>
      )}
      {step === 'carriers' && <CarriersStep key={step} draft={draft} canWrite={canWrite} onSaved={onSaved} />}
      {step === 'experience' && (
        <ExperienceStep key={step} draft={draft} canWrite={canWrite} onSaved={onSaved} />
      )}
      {step === 'brand' && <BrandStep key={step} draft={draft} onNext={onSaved} />}
      {step === 'verification' && (
        <VerificationStep key={step} draft={draft} canWrite={canWrite} onSaved={onSaved} />
      )}
      {step === 'payment' && <PaymentStep key={step} draft={draft} />}
    </>
  );
}
