import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CAMPAIGN_PAUSE_REASON_LABELS,
  campaignCountsMoving,
  formatCurrency,
  type TCampaignDetails,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { HistoryPanel } from '@/lib/ui/HistoryPanel';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import {
  type CampaignCommand,
  campaignEstimateQueryOptions,
  campaignHistoryQueryOptions,
  campaignQueryOptions,
  type ReportFormat,
  useCampaignCommand,
  useCampaignStream,
  useDownloadCampaignReport,
  useStopCampaign,
} from '../api/campaigns';
import type { CampaignScope } from '../api/keys';
import { CampaignCounts } from './CampaignCounts';
import { campaignFormPath } from './paths';
import { CampaignStatusChip, inCampaignZone, zoneText } from './status';

const STOP_REASON_MAX = 1000;

const COMMAND_TEXT: Record<CampaignCommand, { label: string; title: string; effect: string; done: string }> =
  {
    start: {
      label: 'Start',
      title: 'Start this campaign?',
      effect: 'Its estimate is held from your wallet, then it sends now or at its scheduled time.',
      done: 'The campaign is started.',
    },
    unschedule: {
      label: 'Unschedule',
      title: 'Take this campaign off the schedule?',
      effect:
        'It goes back to pending and its hold is given back to your wallet. You can edit and start it again.',
      done: 'The campaign is back to pending.',
    },
    pause: {
      label: 'Pause',
      title: 'Pause this campaign?',
      effect: 'Sending stops within seconds; nothing already sent is taken back. You can resume it later.',
      done: 'The campaign is paused.',
    },
    resume: {
      label: 'Resume',
      title: 'Resume this campaign?',
      effect: 'Sending goes on from where it stopped.',
      done: 'The campaign goes on.',
    },
    cancel: {
      label: 'Cancel campaign',
      title: 'Cancel this campaign?',
      effect:
        'Nothing more is sent, and what is still held from your wallet for it is given back. This cannot be undone.',
      done: 'The campaign is cancelled.',
    },
  };
const COMMANDS: readonly CampaignCommand[] = ['start', 'unschedule', 'pause', 'resume', 'cancel'];

const REPORTS: readonly [ReportFormat, string][] = [
  ['recipients-csv', 'Recipients (CSV)'],
  ['recipients-xlsx', 'Recipients (Excel)'],
  ['summary-pdf', 'Summary (PDF)'],
  ['summary-xlsx', 'Summary (Excel)'],
];

/** One campaign: what it sends to whom and when, its counts live, reports, history, and its actions. */
export function CampaignDetails({
  scope,
  campaignId,
  backTo,
}: {
  scope: CampaignScope;
  campaignId: string;
  backTo: string;
}) {
  const query = useQuery(campaignQueryOptions(scope, campaignId));
  const history = useQuery(campaignHistoryQueryOptions(scope, campaignId));
  const stream = useCampaignStream(scope, query.data);
  const canWrite = useCan('campaigns.write');
  const canStop = useCan('campaigns.stop');
  const command = useCampaignCommand(campaignId);
  const stop = useStopCampaign(campaignId);
  const report = useDownloadCampaignReport(scope, campaignId);
  const [asking, setAsking] = useState<CampaignCommand | null>(null);
  const [stopping, setStopping] = useState(false);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  // Starting takes the hold: the confirmation says what, against today's rates and balance.
  const startCost = useQuery({ ...campaignEstimateQueryOptions(campaignId), enabled: asking === 'start' });

  const back = (
    <Button
      component={RouterLink}
      to={backTo}
      startIcon={<ArrowBackOutlined />}
      sx={{ justifySelf: 'start' }}
    >
      All campaigns
    </Button>
  );
  if (query.isPending) return <Typography role="status">Loading the campaign…</Typography>;
  if (query.isError)
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {back}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      </Box>
    );
  const c: TCampaignDetails = query.data;
  const commands =
    scope === 'partner' && canWrite ? COMMANDS.filter((a) => c.allowed_actions.includes(a)) : [];
  const canEdit = scope === 'partner' && canWrite && c.status === 'p';
  const stoppable = scope === 'platform' && canStop && c.allowed_actions.includes('stop');
  // Live while it runs or waits, and for a day after its end while its receipts still come in.
  const ended = c.status !== 'r' && c.status !== 's';
  const liveText = campaignCountsMoving(c.status, c.ended_at, new Date())
    ? stream === 'live'
      ? ended
        ? 'Live: receipts still count for a day after the end'
        : 'Live: the counts change as the network answers'
      : stream === 'reconnecting'
        ? 'Reconnecting to the live counts…'
        : 'Connecting to the live counts…'
    : '';

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {back}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="campaign-title"
        sx={{ p: 2, display: 'grid', gap: 1.5 }}
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography id="campaign-title" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
            {c.name}
          </Typography>
          <CampaignStatusChip status={c.status} paused={c.live.paused} pauseReason={c.live.pause_reason} />
        </Box>
        {c.end_reason && (
          <Alert severity={c.status === 'i' || c.status === 'd' ? 'error' : 'info'}>{c.end_reason}</Alert>
        )}
        {c.live.paused && c.live.pause_reason && (
          <Alert severity="warning">{CAMPAIGN_PAUSE_REASON_LABELS[c.live.pause_reason]}</Alert>
        )}
        {c.test_devices_only && (
          <Alert severity="info" data-testid="test-devices-only">
            {c.status === 'p'
              ? `${c.bot_name} is not launched: this campaign sends only to the audience's recipients that are its test devices (RBM testers who accepted the invite).`
              : `${c.bot_name} was not launched when this campaign started: it sends only to the audience's recipients that are its test devices.`}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } },
          }}
        >
          {scope === 'platform' && (
            <>
              <dt>Partner</dt>
              <dd>{c.partner_name}</dd>
            </>
          )}
          {c.created_by_email && (
            <>
              <dt>Created by</dt>
              <dd>{c.created_by_email}</dd>
            </>
          )}
          <dt>Bot</dt>
          <dd>
            {c.bot_name} ({c.channel === 'rcs' ? 'RCS' : 'WhatsApp'})
            {c.test_devices_only ? ', not launched: test devices only' : ''}
          </dd>
          <dt>Template</dt>
          <dd>{c.template_name}</dd>
          {c.media && (
            <>
              <dt>Media</dt>
              <dd>
                Its own {c.media.kind} instead of the template&apos;s (
                <a href={c.media.url} target="_blank" rel="noreferrer">
                  open
                </a>
                )
              </dd>
            </>
          )}
          <dt>Audience</dt>
          <dd>
            {c.audience_name}: {c.recipients.toLocaleString('en-US')} recipients
          </dd>
          {Object.keys(c.variables).length > 0 && (
            <>
              <dt>Personalised</dt>
              <dd>
                {Object.entries(c.variables)
                  .map(([variable, column]) => `{{${variable}}} from ${column}`)
                  .join(', ')}
              </dd>
            </>
          )}
          {c.channel === 'rcs' && (
            <>
              <dt>Not reachable on RCS</dt>
              <dd>{c.fallback.kind === 'sms' ? `An SMS instead: “${c.fallback.text}”` : 'Skipped'}</dd>
            </>
          )}
          <dt>When</dt>
          <dd>
            {c.schedule.kind === 'at'
              ? inCampaignZone(c.scheduled_at, c.time_zone)
              : 'As soon as it is started'}
          </dd>
          <dt>Started</dt>
          <dd>{inCampaignZone(c.started_at, c.time_zone)}</dd>
          <dt>Ended</dt>
          <dd>{inCampaignZone(c.ended_at, c.time_zone)}</dd>
          <dt>Created</dt>
          <dd>{inCampaignZone(c.created_at, c.time_zone)}</dd>
          <dt>Times in</dt>
          <dd>{zoneText(c.time_zone)}</dd>
          <dt>Cost</dt>
          <dd>
            {c.status === 'p'
              ? 'Priced and held from your wallet when it is started'
              : `${formatCurrency(c.charged)} charged of ${formatCurrency(c.estimate_total)} estimated`}
          </dd>
        </Box>
        {(commands.length > 0 || canEdit || stoppable) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {canEdit && (
              <Button component={RouterLink} to={campaignFormPath(c.campaign_id)} variant="outlined">
                Edit
              </Button>
            )}
            {commands.map((a) => (
              <Button
                key={a}
                variant={a === 'cancel' || a === 'unschedule' ? 'outlined' : 'contained'}
                color={a === 'cancel' ? 'error' : 'primary'}
                // The spec's error red is too light for text: the darker shade, as other destructive buttons.
                sx={a === 'cancel' ? { color: 'error.dark', borderColor: 'error.dark' } : undefined}
                onClick={() => setAsking(a)}
              >
                {a === 'start' && c.schedule.kind === 'at' ? 'Schedule' : COMMAND_TEXT[a].label}
              </Button>
            ))}
            {stoppable && (
              <Button
                variant="contained"
                color="error"
                sx={{ bgcolor: 'error.dark' }}
                onClick={() => setStopping(true)}
              >
                Stop campaign
              </Button>
            )}
          </Box>
        )}
        {done && (
          <ResultAlert severity="success" onClose={() => setDone(null)}>
            {done}
          </ResultAlert>
        )}
        {command.isError && <ResultAlert severity="error">{errorMessage(command.error)}</ResultAlert>}
      </Paper>
      <CampaignCounts campaign={c} liveText={liveText} />
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="campaign-reports"
        sx={{ p: 2, display: 'grid', gap: 1 }}
      >
        <Typography id="campaign-reports" variant="h2">
          Reports
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Every recipient with its status, reason and times; or a one-page summary with the counts and the
          cost.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {REPORTS.map(([format, label]) => (
            <Button
              key={format}
              size="small"
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              disabled={report.isPending}
              onClick={() => report.mutate(format)}
            >
              {label}
            </Button>
          ))}
        </Box>
        {report.isError && <Alert severity="error">{errorMessage(report.error)}</Alert>}
      </Paper>
      <HistoryPanel query={history} id="campaign-history" />
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="campaign-command-title">
        <DialogTitle id="campaign-command-title">{asking ? COMMAND_TEXT[asking].title : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText>{asking ? COMMAND_TEXT[asking].effect : ''}</DialogContentText>
          {asking === 'start' && (
            <Box sx={{ mt: 1.5 }} aria-live="polite">
              {startCost.isPending ? (
                <Typography role="status">Pricing each recipient…</Typography>
              ) : startCost.isError ? (
                <Alert severity="error">{errorMessage(startCost.error)}</Alert>
              ) : (
                <>
                  <Typography>
                    Estimate {formatCurrency(startCost.data.total)} for{' '}
                    {startCost.data.recipients.toLocaleString('en-US')} recipients; your balance is{' '}
                    {formatCurrency(startCost.data.balance)}.
                  </Typography>
                  {!startCost.data.sufficient && (
                    <Alert severity="warning" sx={{ mt: 1 }}>
                      Your balance does not cover the estimate: top up your wallet first.
                    </Alert>
                  )}
                </>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Keep it as it is</Button>
          <Button
            variant="contained"
            color={asking === 'cancel' ? 'error' : 'primary'}
            sx={asking === 'cancel' ? { bgcolor: 'error.dark' } : undefined}
            disabled={command.isPending || (asking === 'start' && startCost.data?.sufficient !== true)}
            onClick={() => {
              if (!asking) return;
              const chosen = asking;
              command.mutate(chosen, {
                onSuccess: () => setDone(COMMAND_TEXT[chosen].done),
                onSettled: () => setAsking(null),
              });
            }}
          >
            {asking ? COMMAND_TEXT[asking].label : ''}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={stopping}
        onClose={() => setStopping(false)}
        aria-labelledby="campaign-stop-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="campaign-stop-title">Stop this campaign?</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            Nothing more is sent and the rest of its hold goes back to the partner&apos;s wallet. The partner
            sees your reason.
          </DialogContentText>
          <TextInput
            label="Reason"
            required
            multiline
            minRows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            helperText={`${reason.length} of ${STOP_REASON_MAX} characters.`}
            slotProps={{ htmlInput: { maxLength: STOP_REASON_MAX } }}
            sx={{ mt: 1 }}
          />
          {stop.isError && <Alert severity="error">{errorMessage(stop.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setStopping(false)}>Keep it running</Button>
          <Button
            variant="contained"
            color="error"
            sx={{ bgcolor: 'error.dark' }}
            disabled={stop.isPending || reason.trim() === ''}
            onClick={() =>
              stop.mutate(reason.trim(), {
                onSuccess: () => {
                  setStopping(false);
                  setReason('');
                  setDone('The campaign is stopped; the partner sees your reason.');
                },
              })
            }
          >
            Stop campaign
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
