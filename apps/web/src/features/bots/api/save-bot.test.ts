import type { TBot } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { laterBot, withUploadedImage } from './save-bot';

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

describe('the bot kept when image uploads answer', () => {
  const images = (updatedAt: string, logo: string | null, banner: string | null) =>
    ({ bot_id: 'b1', updated_at: updatedAt, logo_url: logo, banner_url: banner, photo_url: null }) as TBot;

  it('when the logo answer looks later but was written before the banner then both images stay', () => {
    // The banner's answer (written last, holding both) carries the earlier updated_at: the time
    // each was stamped is not the order the two updates reached the row in.
    const bannerAnswer = images('2026-11-26T10:00:00.100Z', '/bot-images/logo.png', '/bot-images/banner.png');
    const logoAnswer = images('2026-11-26T10:00:00.200Z', '/bot-images/logo.png', null);
    const kept = withUploadedImage(bannerAnswer, logoAnswer, 'logo');
    expect(kept.logo_url).toBe('/bot-images/logo.png');
    expect(kept.banner_url).toBe('/bot-images/banner.png');
    expect(laterBot(bannerAnswer, logoAnswer).banner_url).toBeNull();
  });

  it('when an upload answers then only its own image changes in the cache (the form is not remounted), with nothing cached the answer', () => {
    const before = images('2026-11-26T10:00:00.100Z', '/bot-images/old-logo.png', '/bot-images/banner.png');
    const answer = images('2026-11-26T10:00:00.200Z', '/bot-images/new-logo.png', '/bot-images/banner.png');
    const kept = withUploadedImage(before, answer, 'logo');
    expect(kept.logo_url).toBe('/bot-images/new-logo.png');
    expect(kept.updated_at).toBe(before.updated_at);
    expect(withUploadedImage(undefined, answer, 'logo')).toBe(answer);
  });
});
