import {
  BRAND_MACHINE,
  CHANNEL_TYPE,
  type ImageFacts,
  launchPreflight,
  type PrivacyUrlCheck,
  parseMoney,
  stateOfCode,
  type TLaunchPreflight,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import { imageWork } from '../../platform/uploads/image-work.ts';
import type { LaunchSteps } from './launch-steps.ts';
import { BOT_NOT_FOUND, questionnaireOf, SUBMITTABLE } from './launch-summary.ts';
import type { LaunchBotRow, LaunchRow } from './launches.repository.ts';

const NETWORK_VERIFIED = 'VERIFICATION_STATE_VERIFIED';

/** What the pre-flight reads outside the database: the privacy URL's answer, the bot's images by key. */
interface OutsideFacts {
  privacy: PrivacyUrlCheck;
  images: ReadonlyMap<string, ImageFacts | null>;
}

/** The bot's logo or banner changed between gathering the pre-flight's facts and locking the bot. */
class ImagesChanged extends ConflictError {
  constructor() {
    super("The bot's images changed while the launch was being checked: check again.");
  }
}

/**
 * The pre-flight check: its facts gathered outside the database (the privacy URL's answer, the
 * bot's images measured by sharp), then judged and stored in the caller's unit of work.
 */
export function createLaunchPreflight(steps: LaunchSteps) {
  const { database, repository, storage, currentHold } = steps;

  async function imageFacts(key: string): Promise<ImageFacts | null> {
    const stored = await storage.get(key);
    if (!stored) return null;
    const meta = await imageWork(async (sharp) =>
      sharp(stored.bytes)
        .metadata()
        .catch(() => null),
    );
    return meta?.width && meta.height
      ? { width: meta.width, height: meta.height, bytes: stored.bytes.length }
      : null;
  }

  /**
   * Gathers the facts of the pre-flight rules, runs them and stores the result on the launch. What
   * comes from outside the database (`outside`) was gathered before the unit of work; when the bot's
   * images changed since, it says so (ImagesChanged) and the caller gathers them again.
   */
  async function runPreflight(
    bot: LaunchBotRow,
    launch: LaunchRow,
    outside: OutsideFacts,
  ): Promise<TLaunchPreflight> {
    const { privacy, images } = outside;
    const image = (key: string | null) => {
      if (!key) return null;
      if (!images.has(key)) throw new ImagesChanged();
      return images.get(key) ?? null;
    };
    const wallet = steps.wallet();
    const all = await repository.carriersOf(bot.botId);
    const carriers = all.filter((c) => SUBMITTABLE.includes(c.status));
    const ids = carriers.map((c) => c.carrierId);
    // A resubmission leaves approved, launching or launched carriers as they are: one of them having
    // verified the business is no reason to refuse the carriers this submission sends.
    const kept = new Set(all.filter((c) => !SUBMITTABLE.includes(c.status)).map((c) => c.carrierId));
    const rcs = bot.channels.includes(CHANNEL_TYPE.rcs);
    const [prices, brand, available, hold, logo, banner] = await Promise.all([
      wallet.verificationPrices(ids),
      repository.brandOf(bot.brandId),
      wallet.availableFor(bot.partnerId),
      currentHold(bot, launch),
      rcs ? image(bot.logoKey) : null,
      rcs ? image(bot.bannerKey) : null,
    ]);
    const price = ids.reduce((sum, id) => sum + (parseMoney(prices.get(id) ?? '0') ?? 0n), 0n);
    const brandState = brand ? stateOfCode(BRAND_MACHINE, brand.brand.status) : undefined;
    const items = launchPreflight({
      bot: { rcs, logo, banner, privacyUrl: bot.privacyPolicyUrl, termsUrl: bot.termsUrl },
      brand: brand
        ? {
            name: brand.brand.name,
            verified: brand.brand.verificationState === NETWORK_VERIFIED || brandState === 'approved',
            stateLabel: brandState ? BRAND_MACHINE.states[brandState].label : 'unknown',
          }
        : null,
      carriers: carriers.map((c) => ({
        id: c.carrierId,
        name: c.name,
        hasPrice: prices.get(c.carrierId) != null,
      })),
      questionnaire: questionnaireOf(launch),
      media: { screenshots: launch.screenshots.length, video: launch.video !== null },
      loa: launch.loa !== null,
      verifiedCarriers: launch.verifiedCarrierIds.filter((id) => !kept.has(id)),
      wallet: {
        exists: available !== null,
        available: available ?? 0n,
        price,
        heldAlready: hold?.status === 'held',
      },
      privacy,
    });
    const checkedAt = new Date();
    await repository.updateLaunch(bot.botId, { preflight: items, preflightAt: checkedAt });
    return { ok: items.length === 0, items, checked_at: checkedAt.toISOString() };
  }

  /**
   * The pre-flight's facts from outside the database, for the caller's bot (404 for another
   * partner's), gathered before any unit of work: the privacy URL's answer, and the RCS logo and
   * banner read from storage and measured by sharp (by key: a stored image never changes).
   */
  async function outsideFacts(user: AuthenticatedUser, botId: string): Promise<OutsideFacts> {
    const found = await database.transaction(() => repository.findBot(botId, user.partnerId));
    if (!found) throw new NotFoundError(BOT_NOT_FOUND);
    const { bot } = found;
    const keys = bot.channels.includes(CHANNEL_TYPE.rcs)
      ? [bot.logoKey, bot.bannerKey].filter((key): key is string => key !== null)
      : [];
    const [privacy, facts] = await Promise.all([
      steps.privacyUrl(bot.privacyPolicyUrl),
      Promise.all(keys.map(imageFacts)),
    ]);
    return { privacy, images: new Map(keys.map((key, i) => [key, facts[i] ?? null])) };
  }

  /** Runs `work` with the pre-flight's outside facts, gathering them again while the images change under it. */
  async function withOutsideFacts<T>(
    user: AuthenticatedUser,
    botId: string,
    work: (outside: OutsideFacts) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const outside = await outsideFacts(user, botId);
      try {
        return await work(outside);
      } catch (error) {
        if (!(error instanceof ImagesChanged) || attempt >= 3) throw error;
      }
    }
  }
  return { runPreflight, withOutsideFacts };
}
export type LaunchPreflight = ReturnType<typeof createLaunchPreflight>;
