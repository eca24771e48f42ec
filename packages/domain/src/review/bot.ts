import { BOT_STATUS, type BotStatusName } from '../constants/statuses.ts';
import { defineReviewMachine } from './machine.ts';

/**
 * A bot's states as a whole (subject 'bot'), with the spec's codes (section 4). Drafts: created
 * (-1), registered on the network (-2, carriers next). Launch (issue 14): the developer submits (6);
 * a platform admin forwards it to the carriers (30), approves it for the platform (42 while carriers
 * still decide) or rejects it with a reason (32). Each chosen carrier then decides for its own
 * network (BOT_CARRIER_MACHINE below, 39 / 42 per carrier); what those decisions and the launch on
 * each network make of the bot as a whole is `botStateAfterCarriers`: launched (10) as soon as one
 * network runs it, launch_failed (9) when launches failed and none ran, approved (31) when every
 * carrier decided and some approved, rejected (32) when every carrier rejected.
 */
export const BOT_MACHINE = defineReviewMachine<BotStatusName, BotAction>({
  subject: 'bot',
  noun: 'bot',
  states: {
    in_progress: { code: BOT_STATUS.in_progress, label: 'Draft' },
    in_progress_carrier_submission: {
      code: BOT_STATUS.in_progress_carrier_submission,
      label: 'Draft: registered on the network',
    },
    submitted_for_launch: { code: BOT_STATUS.submitted_for_launch, label: 'Submitted for launch' },
    launch_failed: { code: BOT_STATUS.launch_failed, label: 'Launch failed' },
    launched: { code: BOT_STATUS.launched, label: 'Launched' },
    bot_forwarded_by_portico: {
      code: BOT_STATUS.bot_forwarded_by_portico,
      label: 'Forwarded by the platform',
    },
    bot_approved_by_portico: { code: BOT_STATUS.bot_approved_by_portico, label: 'Approved by the platform' },
    bot_rejected_by_portico: { code: BOT_STATUS.bot_rejected_by_portico, label: 'Rejected by the platform' },
    bot_to_be_approved_by_carrier: {
      code: BOT_STATUS.bot_to_be_approved_by_carrier,
      label: 'To be approved by the carrier',
    },
    bot_approved_by_portico_pending_from_carrier: {
      code: BOT_STATUS.bot_approved_by_portico_pending_from_carrier,
      label: 'Approved by the platform, pending from the carriers',
    },
  },
  transitions: {
    /** The details step completed: the agent, MaaP bot or WhatsApp sender exists on the network. */
    register: {
      from: ['in_progress'],
      to: 'in_progress_carrier_submission',
      permission: 'bots.write',
      reasonRequired: false,
      label: 'Registered on the network',
    },
    /** The developer submits the launch (after the pre-flight passes and the hold is taken). */
    submit: {
      from: ['in_progress_carrier_submission', 'launch_failed', 'bot_rejected_by_portico'],
      to: 'submitted_for_launch',
      permission: 'launches.submit',
      reasonRequired: false,
      label: 'Submitted for launch',
    },
    forward: {
      from: ['submitted_for_launch'],
      to: 'bot_forwarded_by_portico',
      permission: 'bot-review.decide',
      reasonRequired: false,
      label: 'Forwarded to the carriers',
    },
    /** The platform approves while carriers still decide (the usual case: 42). */
    approve: {
      from: ['submitted_for_launch', 'bot_forwarded_by_portico'],
      to: 'bot_approved_by_portico_pending_from_carrier',
      permission: 'bot-review.decide',
      reasonRequired: false,
      label: 'Approved by the platform',
    },
    /** The platform approves after every carrier has already decided (forwarded first): 31. */
    'approve-decided': {
      from: ['bot_forwarded_by_portico'],
      to: 'bot_approved_by_portico',
      permission: 'bot-review.decide',
      reasonRequired: false,
      label: 'Approved by the platform',
    },
    reject: {
      from: [
        'submitted_for_launch',
        'bot_forwarded_by_portico',
        'bot_approved_by_portico_pending_from_carrier',
      ],
      to: 'bot_rejected_by_portico',
      permission: 'bot-review.decide',
      reasonRequired: true,
      label: 'Rejected by the platform',
    },
    /** Every carrier has decided, at least one approved, none launched yet. */
    'carriers-approved': {
      from: ['bot_approved_by_portico_pending_from_carrier'],
      to: 'bot_approved_by_portico',
      permission: 'bot-review.carrier.decide',
      reasonRequired: false,
      label: 'Every carrier has decided: approved',
    },
    /** Every carrier rejected: the developer may change carriers or the bot and submit again. */
    'carriers-rejected': {
      from: ['bot_forwarded_by_portico', 'bot_approved_by_portico_pending_from_carrier'],
      to: 'bot_rejected_by_portico',
      permission: 'bot-review.carrier.decide',
      reasonRequired: false,
      label: 'Every carrier has rejected',
    },
    /** One network runs the bot (the launch job after a carrier's approval). */
    launched: {
      from: [
        'bot_forwarded_by_portico',
        'bot_approved_by_portico',
        'bot_approved_by_portico_pending_from_carrier',
        'launch_failed',
      ],
      to: 'launched',
      permission: 'bot-review.carrier.decide',
      reasonRequired: false,
      label: 'Launched',
    },
    /** The launch failed on every approving network and none runs it (the network's reason kept). */
    'launch-failed': {
      from: [
        'bot_forwarded_by_portico',
        'bot_approved_by_portico',
        'bot_approved_by_portico_pending_from_carrier',
      ],
      to: 'launch_failed',
      permission: 'bot-review.carrier.decide',
      reasonRequired: true,
      label: 'Launch failed',
    },
  },
});
export type BotState = keyof typeof BOT_MACHINE.states;
export type BotAction =
  | 'register'
  | 'submit'
  | 'forward'
  | 'approve'
  | 'approve-decided'
  | 'reject'
  | 'carriers-approved'
  | 'carriers-rejected'
  | 'launched'
  | 'launch-failed';
/** The platform's own decisions (what the admin screens offer). */
export const BOT_PLATFORM_ACTIONS = ['forward', 'approve', 'reject'] as const;
export type BotPlatformAction = (typeof BOT_PLATFORM_ACTIONS)[number];
/** The states from which a developer may (re)start the launch stepper: MY BOTS' "Launch" action. */
export const BOT_LAUNCHABLE_STATES: readonly BotState[] = [
  'in_progress_carrier_submission',
  'launch_failed',
  'bot_rejected_by_portico',
];

/**
 * One chosen carrier of a bot (subject 'bot-carrier', bots.bot_carriers.status; the history row names
 * the carrier). Chosen but not submitted (0); submitted, awaiting the platform (6); forwarded, to be
 * approved by the carrier (39); approved by the platform, pending from the carrier (42); the
 * carrier approves (31) or rejects with a reason (32) for its own network; an approval starts the
 * launch on that network: launching (11), launched (10) or launch_failed (9, the network's reason)
 * with a retry.
 */
export type BotCarrierState =
  | 'pending'
  | 'submitted'
  | 'to_be_approved_by_carrier'
  | 'approved_pending_from_carrier'
  | 'approved'
  | 'rejected'
  | 'launching'
  | 'launched'
  | 'launch_failed';
export type BotCarrierAction =
  | 'submit'
  | 'resubmit'
  | 'withdraw'
  | 'forward'
  | 'platform-approve'
  | 'platform-reject'
  | 'approve'
  | 'reject'
  | 'launch'
  | 'launched'
  | 'launch-failed'
  | 'retry';

export const BOT_CARRIER_MACHINE = defineReviewMachine<BotCarrierState, BotCarrierAction>({
  subject: 'bot-carrier',
  noun: 'bot',
  states: {
    /** Chosen on the bot's carrier step, not submitted for launch yet (shown as "Selected"). */
    pending: { code: 0, label: 'Selected' },
    submitted: { code: BOT_STATUS.submitted_for_launch, label: 'Awaiting the platform' },
    to_be_approved_by_carrier: {
      code: BOT_STATUS.bot_to_be_approved_by_carrier,
      label: 'To be approved by the carrier',
    },
    approved_pending_from_carrier: {
      code: BOT_STATUS.bot_approved_by_portico_pending_from_carrier,
      label: 'Approved by the platform, pending from the carrier',
    },
    approved: { code: BOT_STATUS.bot_approved_by_portico, label: 'Approved by the carrier' },
    rejected: { code: BOT_STATUS.bot_rejected_by_portico, label: 'Rejected by the carrier' },
    launching: { code: 11, label: 'Launching on the network' },
    launched: { code: BOT_STATUS.launched, label: 'Launched' },
    launch_failed: { code: BOT_STATUS.launch_failed, label: 'Launch failed' },
  },
  transitions: {
    submit: {
      from: ['pending', 'launch_failed'],
      to: 'submitted',
      permission: 'launches.submit',
      reasonRequired: false,
      label: 'Submitted for launch',
    },
    /**
     * A new review round: the developer submits the launch again and a carrier that rejected it
     * goes back for review (the rejection and its reason stay in the history).
     */
    resubmit: {
      from: ['rejected'],
      to: 'submitted',
      permission: 'launches.submit',
      reasonRequired: false,
      label: 'Sent back for review',
    },
    /** The developer takes an undecided carrier off the launch (/u/update-carrier). */
    withdraw: {
      from: ['pending', 'submitted', 'to_be_approved_by_carrier', 'approved_pending_from_carrier'],
      to: 'pending',
      permission: 'launches.submit',
      reasonRequired: false,
      label: 'Carrier removed from the launch',
    },
    forward: {
      from: ['submitted'],
      to: 'to_be_approved_by_carrier',
      permission: 'bot-review.decide',
      reasonRequired: false,
      label: 'Forwarded to the carrier',
    },
    'platform-approve': {
      from: ['submitted', 'to_be_approved_by_carrier'],
      to: 'approved_pending_from_carrier',
      permission: 'bot-review.decide',
      reasonRequired: false,
      label: 'Approved by the platform',
    },
    /** The platform rejected the launch: the undecided carriers go back to chosen-not-submitted. */
    'platform-reject': {
      from: ['submitted', 'to_be_approved_by_carrier', 'approved_pending_from_carrier'],
      to: 'pending',
      permission: 'bot-review.decide',
      reasonRequired: true,
      label: 'Rejected by the platform',
    },
    approve: {
      from: ['to_be_approved_by_carrier', 'approved_pending_from_carrier'],
      to: 'approved',
      permission: 'bot-review.carrier.decide',
      reasonRequired: false,
      label: 'Approved by the carrier',
    },
    reject: {
      from: ['to_be_approved_by_carrier', 'approved_pending_from_carrier'],
      to: 'rejected',
      permission: 'bot-review.carrier.decide',
      reasonRequired: true,
      label: 'Rejected by the carrier',
    },
    /** The launch job starts (after the carrier's approval). */
    launch: {
      from: ['approved'],
      to: 'launching',
      permission: 'bot-review.carrier.decide',
      reasonRequired: false,
      label: 'Launch started on the network',
    },
    launched: {
      from: ['launching'],
      to: 'launched',
      permission: 'bot-review.carrier.decide',
      reasonRequired: false,
      label: 'Launched on the network',
    },
    'launch-failed': {
      from: ['launching'],
      to: 'launch_failed',
      permission: 'bot-review.carrier.decide',
      reasonRequired: true,
      label: 'Launch failed on the network',
    },
    /** A platform admin retries a failed launch (the job is idempotent). */
    retry: {
      from: ['launch_failed'],
      to: 'launching',
      permission: 'bot-review.decide',
      reasonRequired: false,
      label: 'Launch retried',
    },
  },
});
export const BOT_CARRIER_ACTIONS = ['approve', 'reject'] as const;
/** Carriers the developer may still add or remove after submission: not yet decided by the carrier. */
export const BOT_CARRIER_UNDECIDED_STATES: readonly BotCarrierState[] = [
  'pending',
  'submitted',
  'to_be_approved_by_carrier',
  'approved_pending_from_carrier',
];

/**
 * What the carriers' states make of the bot as a whole once the platform has forwarded or approved
 * it: the action to record on the bot, or null when nothing changes. One network running the bot
 * makes it launched; failed launches with none running make it launch_failed (while nothing is
 * still undecided or launching); every carrier rejecting makes it rejected; every carrier decided
 * with some approval (after the platform's approval) makes it approved.
 */
export function botActionAfterCarriers(
  current: BotState,
  carriers: readonly BotCarrierState[],
): Extract<BotAction, 'launched' | 'launch-failed' | 'carriers-approved' | 'carriers-rejected'> | null {
  if (!AFTER_PLATFORM_STATES.includes(current) || carriers.length === 0) return null;
  if (carriers.includes('launched')) return 'launched';
  if (current === 'launch_failed' || carriers.some((state) => OPEN_CARRIER_STATES.includes(state)))
    return null;
  if (carriers.includes('launch_failed')) return 'launch-failed';
  if (carriers.every((state) => state === 'rejected')) {
    return current === 'bot_approved_by_portico' ? null : 'carriers-rejected';
  }
  return current === 'bot_approved_by_portico_pending_from_carrier' ? 'carriers-approved' : null;
}
const AFTER_PLATFORM_STATES: readonly BotState[] = [
  'bot_forwarded_by_portico',
  'bot_approved_by_portico',
  'bot_approved_by_portico_pending_from_carrier',
  'launch_failed',
];
/** Carrier states that may still change the outcome (undecided, approved or launching). */
const OPEN_CARRIER_STATES: readonly BotCarrierState[] = [
  'pending',
  'submitted',
  'to_be_approved_by_carrier',
  'approved_pending_from_carrier',
  'approved',
  'launching',
];
