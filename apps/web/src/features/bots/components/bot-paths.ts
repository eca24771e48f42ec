import {
  BOT_DRAFT_STATUSES,
  BOT_LAUNCHABLE_STATES,
  BOT_STATUS,
  type BotState,
  CHANNEL_TYPE,
  channelRoute,
} from '@portico/domain';

interface BotRef {
  bot_id: string;
  channels: readonly { channel_type: number }[];
  status: { code: number; key: string };
}

const hasRcs = (bot: BotRef) => bot.channels.some((c) => c.channel_type === CHANNEL_TYPE.rcs);

/** The bot's page: /u/view-bot-details/rcs, /whatsapp or /rcs-whatsapp by its channels (spec section 2). */
export function viewBotPath(bot: Pick<BotRef, 'bot_id' | 'channels'>): string {
  return `/u/view-bot-details${channelRoute(bot.channels) ?? '/rcs'}?botId=${bot.bot_id}`;
}

/** Where the developer resumes a draft: the details step (-1), or the carrier step of an RCS bot (-2). */
export function resumeBotPath(bot: BotRef): string | null {
  const query = `?botId=${bot.bot_id}`;
  if (bot.status.code === BOT_STATUS.in_progress) {
    return hasRcs(bot)
      ? `/u/create-bot/rcs-bot-details${query}`
      : `/u/create-bot/whatsapp-bot-details${query}`;
  }
  if (bot.status.code === BOT_STATUS.in_progress_carrier_submission && hasRcs(bot)) {
    return `/u/create-bot/select-carriers${query}`;
  }
  return null;
}

/** How a person reads the bot's channels. */
export function channelsLabel(channels: readonly { channel_type: number }[]): string {
  const names = channels.map((c) => (c.channel_type === CHANNEL_TYPE.whatsapp ? 'WhatsApp' : 'RCS'));
  return names.length ? names.join(' + ') : '—';
}

/** The launch stepper's first step, for a bot that may be launched (again): BOT_LAUNCHABLE_STATES. */
export function launchBotPath(bot: BotRef): string | null {
  return BOT_LAUNCHABLE_STATES.includes(bot.status.key as BotState)
    ? `/u/launch/carriers?bot_id=${bot.bot_id}`
    : null;
}

/** The launch summary of a bot that was submitted for launch (any state after the drafts). */
export function launchDetailsPath(bot: BotRef): string | null {
  return BOT_DRAFT_STATUSES.includes(bot.status.code) ? null : `/u/launch-details?bot_id=${bot.bot_id}`;
}
