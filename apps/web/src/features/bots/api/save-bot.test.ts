import type { TBot } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { laterBot } from './save-bot';

/** Only the fields the rule reads matter here; the rest of a bot is irrelevant to it. */
const bot = (updatedAt: string, bannerUrl: string | null) =>
  ({ bot_id: 'b1', updated_at: updatedAt, banner_url: bannerUrl }) as TBot;

describe('the bot kept when changes answer out of order', () => {
  it('when an earlier change answers after a later one then the later state stays (a banner is not lost)', () => {
    const afterBanner = bot('2026-11-26T10:00:00.200Z', '/bot-images/banner.png');
    const afterLogoOnly = bot('2026-11-26T10:00:00.100Z', null);
    expect(laterBot(afterBanner, afterLogoOnly)).toBe(afterBanner);
  });

  it('when the answer is the latest (or nothing is cached) then it is kept', () => {
    const older = bot('2026-11-26T10:00:00.100Z', null);
    const newer = bot('2026-11-26T10:00:00.200Z', '/bot-images/banner.png');
    expect(laterBot(older, newer)).toBe(newer);
    expect(laterBot(undefined, newer)).toBe(newer);
    expect(laterBot(newer, { ...newer })).toEqual(newer);
  });
});
