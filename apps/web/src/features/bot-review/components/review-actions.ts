import {
  BOT_CARRIER_ACTIONS,
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  BOT_PLATFORM_ACTIONS,
  type BotPlatformAction,
  stateOfCode,
  type TLaunchSummary,
  type TLaunchSummaryCarrier,
} from '@portico/domain';

export type BotCarrierDecision = (typeof BOT_CARRIER_ACTIONS)[number];

/**
 * The platform's decisions a launch in this state allows (BOT_MACHINE), for someone who may decide
 * (`bot-review.decide`); none for read-only admins. The server checks both again.
 */
export function platformActions(summary: TLaunchSummary, canDecide: boolean): BotPlatformAction[] {
  const state = stateOfCode(BOT_MACHINE, summary.bot.status.code);
  if (!canDecide || state === undefined) return [];
  return BOT_PLATFORM_ACTIONS.filter((action) => BOT_MACHINE.transitions[action].from.includes(state));
}

/** Whether the platform may retry this carrier's launch: it failed on the network (BOT_CARRIER_MACHINE). */
export function canRetry(carrier: TLaunchSummaryCarrier, canDecide: boolean): boolean {
  return canDecide && stateOfCode(BOT_CARRIER_MACHINE, carrier.status.code) === 'launch_failed';
}

/** A carrier's own decisions on its network's row, for someone who may decide (`bot-review.carrier.decide`). */
export function carrierActions(
  carrier: TLaunchSummaryCarrier | undefined,
  canDecide: boolean,
): BotCarrierDecision[] {
  const state = carrier ? stateOfCode(BOT_CARRIER_MACHINE, carrier.status.code) : undefined;
  if (!canDecide || state === undefined) return [];
  return BOT_CARRIER_ACTIONS.filter((action) => BOT_CARRIER_MACHINE.transitions[action].from.includes(state));
}

/** The carrier user's own row of a (carrier-scoped) summary: its carrier id, else the only row. */
export function ownCarrier(
  summary: TLaunchSummary,
  carrierId: number | null | undefined,
): TLaunchSummaryCarrier | undefined {
  return (
    summary.carriers.find((carrier) => carrier.carrier_id === carrierId) ??
    (summary.carriers.length === 1 ? summary.carriers[0] : undefined)
  );
}
