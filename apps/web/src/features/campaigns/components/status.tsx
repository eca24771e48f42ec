import {
  CAMPAIGN_PAUSE_REASON_LABELS,
  CAMPAIGN_STATUS_LABELS,
  type CampaignPauseReason,
  type CampaignStatus,
  formatDateTime,
  type StatusTone,
  timeZoneLabel,
} from '@portico/domain';
import { StatusChip } from '@/lib/ui/StatusChip';

const TONES: Readonly<Record<CampaignStatus, StatusTone>> = {
  p: 'grey',
  s: 'info',
  r: 'primary',
  c: 'success',
  i: 'error',
  d: 'warning',
};

/** A campaign's run status: the code the API answers, the spec's label on the screen; a paused run says so. */
export function CampaignStatusChip({
  status,
  paused = false,
  pauseReason = null,
}: {
  status: CampaignStatus;
  paused?: boolean;
  pauseReason?: CampaignPauseReason | null;
}) {
  if (status === 'r' && paused)
    return (
      <StatusChip
        label="Paused"
        tone="warning"
        detail={pauseReason ? `Paused: ${CAMPAIGN_PAUSE_REASON_LABELS[pauseReason]}` : 'Paused'}
      />
    );
  return <StatusChip label={CAMPAIGN_STATUS_LABELS[status]} tone={TONES[status]} />;
}

/** A time of the campaign in the zone it was scheduled in: 'DD/MM/YYYY | hh:mm A'; '—' when none. */
export function inCampaignZone(at: string | null | undefined, timeZone: string): string {
  if (!at) return '—';
  return String(formatDateTime(at, timeZone));
}

/** The zone as the scheduler names it: 'UTC+05:30 Indian Standard Time'. */
export function zoneText(timeZone: string): string {
  const label = timeZoneLabel(timeZone);
  return label ? `UTC${timeZone} ${label}` : `UTC${timeZone}`;
}

/** When a campaign sends (its schedule, its start, or when it was made), in its own zone, the zone said. */
export function scheduleText(c: {
  scheduled_at: string | null;
  started_at: string | null;
  created_at: string;
  time_zone: string;
}): string {
  const at = c.scheduled_at ?? c.started_at ?? c.created_at;
  return `${inCampaignZone(at, c.time_zone)} UTC${c.time_zone}`;
}
