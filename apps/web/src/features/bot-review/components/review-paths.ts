import { BOT_STATUS } from '@portico/domain';
import type { ReviewScope } from '../api/keys';

/**
 * Where a reviewer opens a launch: a carrier its /billing/bot-details; the platform the
 * verification details while the launch awaits its decision (submitted), else the bot's details.
 */
export function reviewDetailsPath(scope: ReviewScope, bot: { bot_id: string; status: { code: number } }) {
  const query = `?bot_id=${encodeURIComponent(bot.bot_id)}`;
  if (scope === 'carrier') return `/billing/bot-details${query}`;
  return bot.status.code === BOT_STATUS.submitted_for_launch
    ? `/admin/verification-details${query}`
    : `/admin/viewBotDetails${query}`;
}

/** The review list of a scope, on one tab. */
export function reviewListPath(scope: ReviewScope, tab?: string) {
  const base = scope === 'carrier' ? '/billing/my-bots' : '/admin/bots';
  return tab ? `${base}?tab=${tab}` : base;
}
