import { allowedActions, defineReviewMachine } from './machine.ts';

/**
 * A campaign's run (issue 28) as a state machine: the spec's status codes (p Pending, c Completed,
 * r Running, s Scheduled, i Failed, d Cancelled) are the state names, kept in the API; the labels are
 * for the screens. The numeric codes are what the shared history (review_history) stores.
 *
 * A pending campaign is a draft (its estimate shown, nothing held). Starting it now or scheduling it
 * takes the wallet hold; running it sends; it ends completed, failed (nothing more can be sent: the
 * template or bot went away) or cancelled (by the partner, or stopped by a platform admin with a
 * reason). Pausing and resuming are moves of a running campaign onto itself (the history keeps them).
 */
export const CAMPAIGN_MACHINE = defineReviewMachine({
  subject: 'campaign',
  noun: 'campaign',
  states: {
    p: { code: 1, label: 'Pending' },
    s: { code: 2, label: 'Scheduled' },
    r: { code: 3, label: 'Running' },
    c: { code: 4, label: 'Completed' },
    i: { code: 5, label: 'Failed' },
    d: { code: 6, label: 'Cancelled' },
  },
  transitions: {
    start: { from: ['p'], to: 'r', permission: 'campaigns.write', reasonRequired: false, label: 'Started' },
    schedule: {
      from: ['p'],
      to: 's',
      permission: 'campaigns.write',
      reasonRequired: false,
      label: 'Scheduled',
    },
    unschedule: {
      from: ['s'],
      to: 'p',
      permission: 'campaigns.write',
      reasonRequired: false,
      label: 'Back to pending',
    },
    pause: { from: ['r'], to: 'r', permission: 'campaigns.write', reasonRequired: false, label: 'Paused' },
    resume: { from: ['r'], to: 'r', permission: 'campaigns.write', reasonRequired: false, label: 'Resumed' },
    cancel: {
      from: ['p', 's', 'r'],
      to: 'd',
      permission: 'campaigns.write',
      reasonRequired: false,
      label: 'Cancelled',
    },
    stop: {
      from: ['s', 'r'],
      to: 'd',
      permission: 'campaigns.stop',
      reasonRequired: true,
      label: 'Stopped by the platform',
    },
    /** The system's moves (the scheduler and the dispatcher); never offered to a person. */
    begin: {
      from: ['s'],
      to: 'r',
      permission: 'campaigns.write',
      reasonRequired: false,
      label: 'Started at its scheduled time',
    },
    complete: {
      from: ['r'],
      to: 'c',
      permission: 'campaigns.write',
      reasonRequired: false,
      label: 'Completed',
    },
    fail: {
      from: ['s', 'r'],
      to: 'i',
      permission: 'campaigns.write',
      reasonRequired: false,
      label: 'Failed',
    },
  },
});

export type CampaignStatus = keyof typeof CAMPAIGN_MACHINE.states;
export type CampaignAction = keyof typeof CAMPAIGN_MACHINE.transitions;

/** The run status codes, in the spec's order of the list's filter. */
export const CAMPAIGN_STATUSES = ['p', 's', 'r', 'c', 'i', 'd'] as const satisfies readonly CampaignStatus[];
export const CAMPAIGN_STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  p: CAMPAIGN_MACHINE.states.p.label,
  s: CAMPAIGN_MACHINE.states.s.label,
  r: CAMPAIGN_MACHINE.states.r.label,
  c: CAMPAIGN_MACHINE.states.c.label,
  i: CAMPAIGN_MACHINE.states.i.label,
  d: CAMPAIGN_MACHINE.states.d.label,
};

/** Moves only the system makes (the scheduler starting a due campaign, the dispatcher ending one). */
export const CAMPAIGN_SYSTEM_ACTIONS: readonly CampaignAction[] = ['begin', 'complete', 'fail'];

/** The states a campaign never leaves. */
export const CAMPAIGN_FINAL_STATUSES: readonly CampaignStatus[] = ['c', 'i', 'd'];

/**
 * After a campaign ends, its messages' receipts keep coming (delivered, read, failed): its counts
 * stay live this long after its end.
 */
export const CAMPAIGN_RECEIPTS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a campaign's counts may still change: it waits for its time, runs, or ended within the
 * receipts window (its live stream stays open until then).
 */
export function campaignCountsMoving(status: CampaignStatus, endedAt: string | null, now: Date): boolean {
  if (!CAMPAIGN_FINAL_STATUSES.includes(status)) return status === 'r' || status === 's';
  return endedAt !== null && now.getTime() - Date.parse(endedAt) < CAMPAIGN_RECEIPTS_WINDOW_MS;
}

/** The state an action moves a campaign in `from` to, or null when the machine refuses it. */
export function campaignTransition(from: CampaignStatus, action: CampaignAction): CampaignStatus | null {
  const transition = CAMPAIGN_MACHINE.transitions[action];
  return (transition.from as readonly CampaignStatus[]).includes(from) ? transition.to : null;
}

/**
 * What a person with this role may do to a campaign now: the machine's actions, less the system's,
 * and pause or resume by whether the running campaign is paused.
 */
export function campaignActions(
  status: CampaignStatus,
  paused: boolean,
  role: string | null | undefined,
): CampaignAction[] {
  return allowedActions(CAMPAIGN_MACHINE, status, role).filter(
    (action) =>
      !CAMPAIGN_SYSTEM_ACTIONS.includes(action) &&
      !(action === 'pause' && paused) &&
      !(action === 'resume' && !paused),
  );
}

export function isCampaignStatus(value: unknown): value is CampaignStatus {
  return typeof value === 'string' && (CAMPAIGN_STATUSES as readonly string[]).includes(value);
}
