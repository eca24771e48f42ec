import { BOT_STATUS, type BotStatusName } from '../constants/statuses.ts';
import { defineReviewMachine } from './machine.ts';

/**
 * A bot's states (subject 'bot'), with the spec's codes (section 4). This issue (bots) moves a bot
 * only through its drafts: created (-1), registered on the network (-2, carriers next). The launch
 * and review transitions (submit, forward, approve, reject, carrier decisions) belong to the
 * "Launch and review" issue, which adds them here.
 */
export const BOT_MACHINE = defineReviewMachine<BotStatusName, 'register'>({
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
  },
});
export type BotState = keyof typeof BOT_MACHINE.states;
