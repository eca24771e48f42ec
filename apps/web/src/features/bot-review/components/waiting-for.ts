import {
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  type BotCarrierState,
  CHANNEL_TYPE,
  stateOfCode,
  type TBotReviewListItem,
} from '@portico/domain';

/** How long something has waited, in the largest two units: "3 d 4 h", "2 h 5 min", "40 s". */
export function formatWaited(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return `${minutes} min`;
  return `${s} s`;
}

const carriersIn = (item: Pick<TBotReviewListItem, 'carriers'>, states: readonly BotCarrierState[]) =>
  item.carriers
    .filter((carrier) => {
      const state = stateOfCode(BOT_CARRIER_MACHINE, carrier.status.code);
      return state !== undefined && states.includes(state);
    })
    .map((carrier) => carrier.name);

/**
 * Whom a launch waits for, in words a reviewer reads at a glance: the platform (submitted), the
 * carriers still to decide, the networks launching it, a retry of a failed launch, the developer
 * (draft or rejected), or nobody. From the states alone, as the list gives them.
 */
export function waitingFor(item: Pick<TBotReviewListItem, 'status' | 'carriers'>): string {
  const undecided = carriersIn(item, ['to_be_approved_by_carrier', 'approved_pending_from_carrier']);
  const bot = stateOfCode(BOT_MACHINE, item.status.code);
  if (bot === 'submitted_for_launch') return 'The platform';
  if (undecided.length > 0) return `Carrier decision: ${undecided.join(', ')}`;
  const launching = carriersIn(item, ['launching']);
  if (launching.length > 0) return `Launch on the network: ${launching.join(', ')}`;
  const failed = carriersIn(item, ['launch_failed']);
  if (failed.length > 0 && bot !== 'launched') return `A retry by the platform: ${failed.join(', ')}`;
  if (bot === 'in_progress' || bot === 'in_progress_carrier_submission') return 'The developer (draft)';
  if (bot === 'bot_rejected_by_portico') return 'The developer (rejected)';
  return 'Nobody';
}

/** How a person reads a launch's channels. */
export function channelsLabel(channels: readonly { channel_type: number }[]): string {
  const names = channels.map((c) => (c.channel_type === CHANNEL_TYPE.whatsapp ? 'WhatsApp' : 'RCS'));
  return names.length ? names.join(' + ') : '—';
}
