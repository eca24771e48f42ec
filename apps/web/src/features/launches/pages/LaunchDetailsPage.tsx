import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { BOT_LAUNCHABLE_STATES, type BotState, type LaunchStepSlug } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { CenteredStatus } from '@/lib/ui/CenteredStatus';
import { LaunchSummaryView } from '@/lib/ui/LaunchSummaryView';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { launchSummaryQueryOptions } from '../api/get-launch';
import { useDownloadLaunchSummary } from '../api/submit-launch';
import { isUndecided, LAUNCH_CRUMBS, launchStepPath, updateCarrierPath } from '../components/launch-paths';

const TITLE = 'Launch Details';

/** /u/launch-details?bot_id=: the launch summary, its PDF, and the way to change carriers not decided yet. */
export default function LaunchDetailsPage() {
  const [params] = useSearchParams();
  const botId = params.get('bot_id');
  const justSubmitted = params.get('submitted') === '1';
  const canSubmit = useCan('launches.submit');
  const canWrite = useCan('launches.write');
  const summary = useQuery({ ...launchSummaryQueryOptions(botId ?? ''), enabled: Boolean(botId) });
  const pdf = useDownloadLaunchSummary();
  if (!botId) {
    return (
      <PageFrame title={TITLE} breadcrumbs={LAUNCH_CRUMBS}>
        <Alert severity="warning">No bot is chosen: open one from MY BOTS.</Alert>
      </PageFrame>
    );
  }
  if (summary.isPending) return <CenteredStatus label="Loading the launch…" />;
  if (summary.isError) {
    return (
      <PageFrame title={TITLE} breadcrumbs={LAUNCH_CRUMBS}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
              Try again
            </Button>
          }
        >
          The launch could not be loaded: {errorMessage(summary.error)}
        </Alert>
      </PageFrame>
    );
  }
  const data = summary.data;
  const undecided = data.submitted_at !== null && data.carriers.some(isUndecided);
  // The stepper is open while the bot may be launched (again): a draft, a failed or a rejected launch.
  const stepperOpen = canWrite && BOT_LAUNCHABLE_STATES.includes(data.bot.status.key as BotState);
  return (
    <PageFrame
      title={TITLE}
      breadcrumbs={LAUNCH_CRUMBS}
      description="Everything submitted for the launch, each carrier's decision and the history."
    >
      {/* Said only while the launch is submitted: never beside a chip that says otherwise. */}
      {justSubmitted && data.submitted_at && data.bot.status.key === 'submitted_for_launch' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Submitted for launch. The platform reviews it first, then each carrier for its own network; each
          decision and its reason shows here.
        </Alert>
      )}
      {pdf.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(pdf.error)}
        </Alert>
      )}
      <LaunchSummaryView
        summary={data}
        preflightHref={
          stepperOpen ? (item) => launchStepPath(item.step as LaunchStepSlug, botId, item.field) : undefined
        }
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              disabled={pdf.isPending}
              onClick={() => pdf.mutate(botId)}
            >
              PDF
            </Button>
            {undecided && canSubmit && (
              <Button component={RouterLink} to={updateCarrierPath(botId)} variant="outlined">
                Update carriers
              </Button>
            )}
            {stepperOpen && (
              <Button
                component={RouterLink}
                to={launchStepPath(data.step_reached as LaunchStepSlug, botId)}
                variant="contained"
              >
                {data.submitted_at === null ? 'Continue the launch' : 'Launch again'}
              </Button>
            )}
          </>
        }
      />
    </PageFrame>
  );
}
