/**
 * How a state shows on a status chip (issue 26, point 5): a short label that fits on one line, the
 * state's full wording (its label in the review machines, said once on the chip's tooltip and
 * secondary line when it differs) and a tone. One rule for every state the portal shows: bots and
 * each carrier's part of a launch, brands, aggregators, templates, and the other lists' own states.
 */

export type StatusTone = 'grey' | 'primary' | 'info' | 'success' | 'warning' | 'error';

export interface StatusPresentation {
  /** On the chip, one line. */
  short: string;
  /** The state's full wording: the same as `short` when nothing more is said. */
  long: string;
  tone: StatusTone;
}

/** A state as the API answers it (`ZBotStatus`, `ZBrandStatus`, ...): a key and the full label. */
export interface StatusLike {
  key: string;
  label: string;
}

/**
 * The short label of each full wording longer than a chip holds on one line. Keyed by the wording
 * (not the key): one key means different states in different machines ('pending' is a carrier only
 * chosen, or a template waiting for review), one wording never does.
 */
const SHORT_LABELS: Readonly<Record<string, string>> = {
  'Draft: registered on the network': 'Draft',
  'Submitted for launch': 'Submitted',
  'Forwarded by the platform': 'Forwarded',
  'Forwarded to the carriers': 'Forwarded',
  'Approved by the platform': 'Approved',
  'Rejected by the platform': 'Rejected',
  'To be approved by the carrier': 'Carrier review',
  'Approved by the platform, pending from the carriers': 'Awaiting carriers',
  'Approved by the platform, pending from the carrier': 'Awaiting carrier',
  'Awaiting the platform': 'Awaiting platform',
  'Approved by the carrier': 'Approved',
  'Rejected by the carrier': 'Rejected',
  'Launching on the network': 'Launching',
  'Pending approval': 'Pending',
  'Paused by Meta': 'Paused',
};

/** The tone of each state key (the same idea across machines: 'approved' is approved everywhere). */
const TONES: Readonly<Record<string, StatusTone>> = {
  in_progress: 'grey',
  in_progress_carrier_submission: 'grey',
  draft: 'grey',
  selected: 'grey',
  awaiting_platform: 'grey',
  submitted_for_launch: 'info',
  submitted: 'info',
  awaiting_approval: 'info',
  launching: 'info',
  bot_forwarded_by_portico: 'warning',
  forwarded: 'warning',
  bot_to_be_approved_by_carrier: 'warning',
  to_be_approved_by_carrier: 'warning',
  paused: 'warning',
  bot_approved_by_portico_pending_from_carrier: 'primary',
  approved_pending_from_carrier: 'primary',
  approved_pending_carrier: 'primary',
  bot_approved_by_portico: 'success',
  approved: 'success',
  launched: 'success',
  bot_rejected_by_portico: 'error',
  rejected: 'error',
  launch_failed: 'error',
};

/** A chip holds this many characters on one line; a longer wording without a short form is cut at a word. */
export const STATUS_CHIP_MAX_CHARS = 20;

function shorten(label: string): string {
  const known = SHORT_LABELS[label];
  if (known) return known;
  if (label.length <= STATUS_CHIP_MAX_CHARS) return label;
  // Cut before the first clause (': ', ', ') or at the last whole word that fits.
  const clause = label.split(/[:,]\s/)[0] ?? label;
  if (clause.length <= STATUS_CHIP_MAX_CHARS) return clause;
  const words = label.split(' ');
  let short = '';
  for (const word of words) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > STATUS_CHIP_MAX_CHARS) break;
    short = next;
  }
  return short || label.slice(0, STATUS_CHIP_MAX_CHARS);
}

/**
 * A review state's chip: its short label, full wording and tone. The key 'pending' of a launch's
 * carrier reads 'Selected' (chosen, not submitted): grey, not the tone of a template waiting.
 */
export function statusPresentation(status: StatusLike): StatusPresentation {
  const tone = status.key === 'pending' ? (status.label === 'Selected' ? 'grey' : 'info') : TONES[status.key];
  return { short: shorten(status.label), long: status.label, tone: tone ?? 'grey' };
}

const USER_STATES: Readonly<Record<string, StatusPresentation>> = {
  active: { short: 'Active', long: 'Active', tone: 'success' },
  invited: { short: 'Invited', long: 'Invited: has not set a password yet', tone: 'info' },
  pending_setup: { short: 'Setting up', long: 'Signed up: setting up the account', tone: 'grey' },
  disabled: { short: 'Disabled', long: 'Disabled: cannot sign in', tone: 'grey' },
};

/** A user account's state (users.status) as a chip; an unknown state reads as itself. */
export function userStatusPresentation(status: string): StatusPresentation {
  return USER_STATES[status] ?? { short: shorten(status), long: status, tone: 'grey' };
}

/** A press release or developer asset: published (public) or a draft only its managers see. */
export function publicationPresentation(published: boolean): StatusPresentation {
  return published
    ? { short: 'Published', long: 'Published', tone: 'success' }
    : { short: 'Draft', long: 'Draft: not public yet', tone: 'grey' };
}
