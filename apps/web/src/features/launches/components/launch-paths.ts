import {
  BOT_CARRIER_UNDECIDED_STATES,
  type BotCarrierState,
  LAUNCH_STEP_SLUGS,
  type LaunchStepSlug,
  type TLaunchSummaryCarrier,
} from '@portico/domain';
import type { Crumb } from '@/lib/ui/PageFrame';

export const LAUNCH_CRUMBS: readonly Crumb[] = [
  { label: 'Developer console', to: '/u/dashboard' },
  { label: 'My Bots', to: '/u/dashboard' },
];

/** A step of the stepper: /u/launch/<step>?bot_id=, with the field to bring into view when a pre-flight item names one. */
export function launchStepPath(step: LaunchStepSlug, botId: string, field?: string): string {
  const query = new URLSearchParams({ bot_id: botId });
  if (field) query.set('field', field);
  return `/u/launch/${step}?${query.toString()}`;
}

export const launchDetailsPath = (botId: string) => `/u/launch-details?bot_id=${encodeURIComponent(botId)}`;
export const updateCarrierPath = (botId: string) => `/u/update-carrier?bot_id=${encodeURIComponent(botId)}`;

/** The step named by /u/launch/<step>, or null when the path names none of the five. */
export function stepOfPath(pathname: string): LaunchStepSlug | null {
  const slug = pathname.replace(/^\/u\/launch\/?/, '').split('/')[0] ?? '';
  return LAUNCH_STEP_SLUGS.find((step) => step === slug) ?? null;
}

export function nextStep(step: LaunchStepSlug): LaunchStepSlug | null {
  return LAUNCH_STEP_SLUGS[LAUNCH_STEP_SLUGS.indexOf(step) + 1] ?? null;
}
export function previousStep(step: LaunchStepSlug): LaunchStepSlug | null {
  return LAUNCH_STEP_SLUGS[LAUNCH_STEP_SLUGS.indexOf(step) - 1] ?? null;
}

/** The id of a field's element, so a pre-flight link can bring it into view. */
export const fieldAnchor = (field: string) => `launch-field-${field}`;

/** Whether a carrier of a submitted launch has not decided yet (it may still be removed). */
export const isUndecided = (carrier: TLaunchSummaryCarrier) =>
  BOT_CARRIER_UNDECIDED_STATES.includes(carrier.status.key as BotCarrierState);
