/** Bot status codes (spec section 4). `{product}` is PORTICO. */
export const BOT_STATUS = {
  in_progress_carrier_submission: -2,
  in_progress: -1,
  submitted_for_launch: 6,
  launch_failed: 9,
  launched: 10,
  bot_forwarded_by_portico: 30,
  bot_approved_by_portico: 31,
  bot_rejected_by_portico: 32,
  bot_to_be_approved_by_carrier: 39,
  bot_approved_by_portico_pending_from_carrier: 42,
} as const;
export type BotStatusName = keyof typeof BOT_STATUS;

/** Bot run statuses, code to label (spec section 3). */
export const BOT_RUN_STATUS_LABELS = {
  p: 'Pending',
  c: 'Completed',
  r: 'Running',
  s: 'Scheduled',
  i: 'Failed',
  d: 'Cancelled',
} as const;

export const LAUNCH_STEPS = [
  'Review Carriers',
  'Bot Details & Experience',
  'Brand Details',
  'Business Verification',
  'Payment',
] as const;
export const BOT_CREATION_STEPS = ['RCS Bot Details', 'Carrier Selection'] as const;
export const BOT_MESSAGE_CATEGORIES = ['Promotional', 'OTP', 'Multi-Use', 'Transactional'] as const;

/** The provider approval status meaning "approved" (approval record, spec sections 3 and 4). */
export const PROVIDER_APPROVED_STATUS = BOT_STATUS.bot_approved_by_portico;

/** Loading states of partner details and of login (spec section 4). */
export const LOADING_STATES = ['idle', 'loading', 'success', 'error'] as const;
export type LoadingState = (typeof LOADING_STATES)[number];

/** Channel info (spec section 3). */
export const CHANNEL_TYPE = { rcs: 1, whatsapp: 2 } as const;
