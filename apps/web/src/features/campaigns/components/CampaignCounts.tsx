import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CAMPAIGN_FAILURE_REASON_LABELS,
  CAMPAIGN_FAILURE_REASONS,
  formatCurrency,
  type TCampaignDetails,
} from '@portico/domain';
import { ProgressBar } from '@/lib/ui/ProgressBar';

const figure = (n: number) => n.toLocaleString('en-US');

/** '1 h 5 min', '4 min', 'under a minute'. */
export function durationText(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** How much of the campaign is done: every recipient sent, failed or skipped counts. */
export function progressOf(counts: TCampaignDetails['live']['counts']): number {
  if (counts.recipients <= 0) return 0;
  const done = counts.sent + counts.failed + counts.skipped;
  return Math.min(100, (done / counts.recipients) * 100);
}

/**
 * Queued, sent, delivered, read, failed (by reason), replied and clicked as they happen; the
 * progress, the time left at the current pace, and the money held, charged and given back.
 */
export function CampaignCounts({ campaign, liveText }: { campaign: TCampaignDetails; liveText: string }) {
  const { live } = campaign;
  // Before the start the recipients are the audience's (the campaign copies them when it starts).
  const counts = { ...live.counts, recipients: live.counts.recipients || campaign.recipients };
  const progress = progressOf(counts);
  const done = counts.sent + counts.failed + counts.skipped;
  const items: [string, number][] = [
    ['Recipients', counts.recipients],
    ['Queued', counts.queued],
    ['Sent', counts.sent],
    ['Delivered', counts.delivered],
    ['Read', counts.read],
    ['Failed', counts.failed],
    ['Replied', counts.replied],
    ['Clicked', counts.clicked],
    ...(counts.skipped > 0 ? ([['Skipped', counts.skipped]] as [string, number][]) : []),
    ...(counts.fallback_sms > 0 ? ([['Sent as SMS', counts.fallback_sms]] as [string, number][]) : []),
  ];
  const reasons = CAMPAIGN_FAILURE_REASONS.filter((r) => counts.failed_by_reason[r] > 0);
  const running = live.status === 'r' && !live.paused;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="campaign-counts"
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'baseline',
          justifyContent: 'space-between',
        }}
      >
        <Typography id="campaign-counts" variant="h2">
          Delivery
        </Typography>
        {liveText && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            {liveText}
          </Typography>
        )}
      </Box>
      <div>
        <Typography variant="body2" sx={{ mb: 0.5 }} data-testid="campaign-progress">
          {figure(done)} of {figure(counts.recipients)} handled ({Math.floor(progress)}%)
          {running && live.pace > 0 ? ` at ${figure(Math.round(live.pace))} a second` : ''}
          {running && live.seconds_left !== null ? `, about ${durationText(live.seconds_left)} left` : ''}
        </Typography>
        <ProgressBar value={progress} label="Campaign progress" />
      </div>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          '& dd': { m: 0, fontSize: '1.25rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
        }}
      >
        {items.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <dd data-testid={`count-${label.toLowerCase().replaceAll(' ', '-')}`}>{figure(value)}</dd>
          </div>
        ))}
      </Box>
      {reasons.length > 0 && (
        <div>
          <Typography component="h3" variant="h3" sx={{ mb: 0.5 }}>
            Failed by reason
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {reasons.map((reason) => (
              <li key={reason}>
                <Typography variant="body2">
                  {CAMPAIGN_FAILURE_REASON_LABELS[reason]}: {figure(counts.failed_by_reason[reason])}
                </Typography>
              </li>
            ))}
          </Box>
        </div>
      )}
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          '& dd': { m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 500 },
        }}
      >
        {(
          [
            ['Estimate', campaign.estimate_total],
            ['Held now', live.held],
            ['Charged', live.charged],
            ['Given back', live.released],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <dd>{formatCurrency(value)}</dd>
          </div>
        ))}
      </Box>
    </Paper>
  );
}
