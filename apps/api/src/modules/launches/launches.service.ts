import { createHash, randomBytes } from 'node:crypto';
import {
  BOT_CARRIER_MACHINE,
  BOT_CARRIER_UNDECIDED_STATES,
  BOT_LAUNCHABLE_STATES,
  BOT_MACHINE,
  type BotCarrierState,
  type BotState,
  BRAND_MACHINE,
  botCarrierStatusOf,
  botStatusOf,
  CHANNEL_TYPE,
  type ImageFacts,
  LAUNCH_LOA_MAX_BYTES,
  LAUNCH_SCREENSHOT_MAX_BYTES,
  LAUNCH_SCREENSHOTS_MAX,
  LAUNCH_STEP_SLUGS,
  LAUNCH_VIDEO_MAX_BYTES,
  type LaunchStepSlug,
  launchOnSubmit,
  launchPreflight,
  launchReference,
  type PrivacyUrlCheck,
  parseMoney,
  stateOfCode,
  type THold,
  type TLaunchCarrierList,
  type TLaunchCompany,
  type TLaunchDraft,
  type TLaunchDraftCarrier,
  type TLaunchPreflight,
  type TLaunchQuestionnaire,
  type TLaunchSummary,
  type TVerificationPricing,
  WALLET_CURRENCY,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
} from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { checkImage, checkPdf } from '../../platform/uploads/content.ts';
import { imageWork } from '../../platform/uploads/image-work.ts';
import type { SignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import {
  BOT_NOT_FOUND,
  carrierReason,
  createLaunchSummary,
  type LaunchSummaryScope,
  launchDocument,
  questionnaireOf,
  SUBMITTABLE,
  stepOf,
} from './launch-summary.ts';
import type { LaunchBotRow, LaunchesRepository, LaunchFields, LaunchRow } from './launches.repository.ts';
import type { LaunchFile } from './launches.schema.ts';
import type { PrivacyUrlChecker } from './privacy-url.ts';

/** Launch files are private: they leave only through signed links. */
export const LAUNCH_FILES_PREFIX = 'private/launch-files/';

export interface LaunchesServiceDeps {
  database: Database;
  repository: LaunchesRepository;
  review: ReviewService;
  audit: AuditService;
  mail: Mailer;
  storage: Storage;
  downloads: SignedDownloads;
  /** The wallet module (prices, the verification hold); a getter, read when first needed. */
  wallet: () => WalletService;
  privacyUrl: PrivacyUrlChecker;
  log: FastifyBaseLogger;
  /** The portal's address, for the links in mails. */
  publicUrl: string;
}

const CARRIER = BOT_CARRIER_MACHINE.states;
const codesOf = (states: readonly BotCarrierState[]) => states.map((state) => CARRIER[state].code);
/** The carriers the developer may still take off a submitted launch (not the chosen-only ones). */
const WITHDRAWABLE = codesOf(BOT_CARRIER_UNDECIDED_STATES.filter((state) => state !== 'pending'));
/** While the launch is under review, the stage a carrier added after submission joins. */
const STAGE_OF_ADDED: Partial<Record<BotState, BotCarrierState>> = {
  submitted_for_launch: 'submitted',
  bot_forwarded_by_portico: 'to_be_approved_by_carrier',
  bot_approved_by_portico_pending_from_carrier: 'approved_pending_from_carrier',
};

const NETWORK_VERIFIED = 'VERIFICATION_STATE_VERIFIED';
const SCREENSHOT_FORMATS: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** A video by its content: MP4 (an ISO BMFF 'ftyp' box first) or WebM (an EBML header). */
export function videoTypeOf(bytes: Uint8Array): 'video/mp4' | 'video/webm' | null {
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp')
    return 'video/mp4';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return 'video/webm';
  return null;
}

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

/** A key derived from its parts: the same request retried gets the same key (the ledger replays it). */
const derivedKey = (kind: string, ...parts: (string | number)[]) =>
  `launch-${kind}:${createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 40)}`;

/**
 * Launches (issue 14), the developer's side: the five-step stepper (kept between visits), the
 * pre-flight check, the verification hold, submission, carriers after submission, and the launch
 * summary the reviewers read too. Every use case runs in one unit of work; the privacy URL is
 * checked outside of one.
 */
export function createLaunchesService(deps: LaunchesServiceDeps) {
  const { database, repository, review, audit, mail, storage, downloads, log } = deps;
  const summaryOf = createLaunchSummary(deps);

  const stateOf = (bot: LaunchBotRow): BotState | undefined => stateOfCode(BOT_MACHINE, bot.status);

  async function requireOwn(user: AuthenticatedUser, botId: string): Promise<LaunchBotRow> {
    const bot = await repository.lockOwnBot(user.partnerId, botId);
    if (!bot) throw new NotFoundError(BOT_NOT_FOUND);
    return bot;
  }

  const isEditable = (bot: LaunchBotRow) => {
    const state = stateOf(bot);
    return state !== undefined && BOT_LAUNCHABLE_STATES.includes(state);
  };

  function requireEditable(bot: LaunchBotRow): void {
    if (isEditable(bot)) return;
    const current = botStatusOf(bot.status);
    throw new ConflictError(
      bot.status === BOT_MACHINE.states.in_progress.code
        ? 'Complete the bot details first: a bot is launched once it exists on the network.'
        : `This bot is ${current.label.toLowerCase()}: its launch cannot change now.`,
      { current },
    );
  }

  /** The step after `saved`, when it is further than the one reached. */
  function advance(launch: LaunchRow, saved: LaunchStepSlug): LaunchStepSlug {
    const next =
      LAUNCH_STEP_SLUGS[Math.min(LAUNCH_STEP_SLUGS.indexOf(saved) + 1, LAUNCH_STEP_SLUGS.length - 1)];
    const reached = stepOf(launch);
    return next && LAUNCH_STEP_SLUGS.indexOf(next) > LAUNCH_STEP_SLUGS.indexOf(reached) ? next : reached;
  }

  const record = (
    user: AuthenticatedUser,
    action: 'launch.updated' | 'launch.paid' | 'launch.submitted' | 'launch.carriers-changed',
    detail: Record<string, unknown>,
  ) =>
    audit.record(action, {
      actorUserId: user.userId,
      actorEmail: user.email,
      partnerId: user.partnerId,
      detail,
    });

  async function currentHold(bot: LaunchBotRow, launch: LaunchRow | undefined): Promise<THold | null> {
    return launch?.holdId ? deps.wallet().holdOf(bot.partnerId, launch.holdId) : null;
  }

  async function submittableIds(botId: string): Promise<number[]> {
    return (await repository.carriersOf(botId))
      .filter((c) => SUBMITTABLE.includes(c.status))
      .map((c) => c.carrierId);
  }

  const carrierStateOf = (code: number) => stateOfCode(BOT_CARRIER_MACHINE, code);

  /**
   * The launch's carriers as the stepper shows them, with what submitting does to each; the reason
   * of a rejection from its row, else from the history row that rejected it (read only then).
   */
  async function draftCarriers(
    botId: string,
    carriers: Awaited<ReturnType<LaunchesRepository['carriersOf']>>,
  ): Promise<TLaunchDraftCarrier[]> {
    const needsHistory = carriers.some(
      (c) => !c.reason && launchOnSubmit(carrierStateOf(c.status)) !== 'submit',
    );
    const history = needsHistory
      ? (await review.history([BOT_CARRIER_MACHINE], botId, { start: 0, end: 500 })).items
      : [];
    return carriers.map((c) => ({
      carrier_id: c.carrierId,
      name: c.name,
      status: botCarrierStatusOf(c.status),
      reason: carrierReason(c, history),
      on_submit: launchOnSubmit(carrierStateOf(c.status)),
    }));
  }

  async function draft(user: AuthenticatedUser, botId: string): Promise<TLaunchDraft> {
    return database.transaction(async () => {
      const found = await repository.findBot(botId, user.partnerId);
      if (!found) throw new NotFoundError(BOT_NOT_FOUND);
      const { bot } = found;
      const [launch, carriers] = await Promise.all([
        repository.launchOf(botId),
        repository.carriersOf(botId),
      ]);
      const file = (f: LaunchFile) => launchDocument(downloads, f);
      return {
        bot_id: bot.botId,
        bot_name: bot.name,
        status: botStatusOf(bot.status),
        step_reached: stepOf(launch),
        carrier_ids: carriers.map((c) => c.carrierId),
        carriers: await draftCarriers(botId, carriers),
        verified_carrier_ids: launch?.verifiedCarrierIds ?? [],
        questionnaire: questionnaireOf(launch),
        company: launch?.company ?? null,
        screenshots: await Promise.all((launch?.screenshots ?? []).map(file)),
        video: launch?.video ? await file(launch.video) : null,
        loa: launch?.loa ? await file(launch.loa) : null,
        hold: await currentHold(bot, launch),
        submitted_at: launch?.submittedAt?.toISOString() ?? null,
        editable: isEditable(bot),
      };
    });
  }

  /**
   * Saves a step of an editable launch in one unit of work: the bot locked, its launch row created
   * on first use, the change, the step reached, the audit record. The keys of stored files the
   * change replaced are deleted once it committed. A step with a file stores it first, outside the
   * unit of work (an upload never holds the bot's lock), and deletes it again if the unit fails.
   */
  async function saveStep(
    user: AuthenticatedUser,
    botId: string,
    step: LaunchStepSlug,
    change: (bot: LaunchBotRow, launch: LaunchRow) => Promise<{ fields: LaunchFields; replaced?: string[] }>,
    what: string,
    upload?: { key: string; bytes: Uint8Array; contentType: string },
  ): Promise<TLaunchDraft> {
    if (upload) {
      // Refused before the upload when it would be refused after it (checked again under the lock).
      await database.transaction(async () => requireEditable(await requireOwn(user, botId)));
      await storage.put(upload.key, upload.bytes, upload.contentType);
    }
    let replaced: string[];
    try {
      replaced = await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        requireEditable(bot);
        const launch = await repository.ensureLaunch(botId, bot.partnerId);
        const result = await change(bot, launch);
        await repository.updateLaunch(botId, { ...result.fields, stepReached: advance(launch, step) });
        await record(user, 'launch.updated', { botId, change: what });
        return result.replaced ?? [];
      });
    } catch (error) {
      if (upload) await removeQuietly([upload.key]);
      throw error;
    }
    await removeQuietly(replaced);
    return draft(user, botId);
  }

  async function removeQuietly(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a stored launch file');
      }
    }
  }

  /** Releases the launch's hold while it is still held (its carriers changed before submission). */
  async function releaseHeld(
    user: AuthenticatedUser,
    bot: LaunchBotRow,
    launch: LaunchRow,
  ): Promise<boolean> {
    const hold = await currentHold(bot, launch);
    if (!launch.holdId || hold?.status !== 'held') return false;
    await deps.wallet().settleHold(user, launch.holdId, 'release', `launch-release:${launch.holdId}`);
    return true;
  }

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
    const wallet = deps.wallet();
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
      deps.privacyUrl(bot.privacyPolicyUrl),
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

  async function summary(botId: string, scope: LaunchSummaryScope = {}): Promise<TLaunchSummary> {
    return database.transaction(() => summaryOf(botId, scope));
  }

  return {
    /**
     * The launch summary of a bot (review side: `use('launches').summary(botId, { carrierId })`).
     * It checks no role: pass `partnerId` for a developer, `carrierId` for a carrier's reviewers.
     */
    summary,

    /** Initial details: what the stepper saved so far. */
    draft,

    /** The active carriers with their verification price, the launch's own marked as chosen. */
    async carrierList(user: AuthenticatedUser, botId: string): Promise<TLaunchCarrierList> {
      return database.transaction(async () => {
        if (!(await repository.findBot(botId, user.partnerId))) throw new NotFoundError(BOT_NOT_FOUND);
        const [all, chosen] = await Promise.all([repository.activeCarriers(), repository.carriersOf(botId)]);
        const prices = await deps.wallet().verificationPrices(all.map((c) => c.carrierId));
        const chosenIds = new Set(chosen.map((c) => c.carrierId));
        return {
          currency: WALLET_CURRENCY,
          items: all.map((c) => ({
            carrier_id: c.carrierId,
            name: c.name,
            country_id: c.countryId,
            price: prices.get(c.carrierId) ?? null,
            chosen: chosenIds.has(c.carrierId),
          })),
        };
      });
    },

    /**
     * Review Carriers: the launch's carriers become exactly these. A verification hold taken for
     * other carriers is released (the Payment step takes a new one at the new price).
     */
    async setCarriers(user: AuthenticatedUser, botId: string, carrierIds: number[]): Promise<TLaunchDraft> {
      const ids = [...new Set(carrierIds)];
      const active = await database.transaction(() => repository.activeCarrierIds(ids));
      if (active.size !== ids.length) {
        const message = 'Choose carriers from the list: one of them is not available.';
        throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
      }
      return saveStep(
        user,
        botId,
        'carriers',
        async (bot, launch) => {
          const before = await submittableIds(botId);
          await repository.setCarriers(botId, ids, CARRIER.pending.code);
          const after = await submittableIds(botId);
          const changed = before.length !== after.length || before.some((id) => !after.includes(id));
          const released = changed && (await releaseHeld(user, bot, launch));
          return {
            fields: {
              verifiedCarrierIds: launch.verifiedCarrierIds.filter((id) => ids.includes(id)),
              ...(released ? { holdId: null, holdKey: null } : {}),
            },
          };
        },
        'carriers',
      );
    },

    /** Bot Details & Experience: the questionnaire (answers may be unfinished; pre-flight judges them). */
    async setQuestionnaire(
      user: AuthenticatedUser,
      botId: string,
      answers: Partial<TLaunchQuestionnaire>,
    ): Promise<TLaunchDraft> {
      return saveStep(
        user,
        botId,
        'experience',
        async () => ({
          fields: {
            ...(answers.use_case !== undefined ? { useCase: answers.use_case } : {}),
            ...(answers.opt_in !== undefined ? { optIn: answers.opt_in } : {}),
            ...(answers.trigger !== undefined ? { trigger: answers.trigger } : {}),
            ...(answers.interactions !== undefined ? { interactions: answers.interactions } : {}),
            ...(answers.opt_out !== undefined ? { optOut: answers.opt_out } : {}),
            ...(answers.reviewer_instructions !== undefined
              ? { reviewerInstructions: answers.reviewer_instructions }
              : {}),
          },
        }),
        'questionnaire',
      );
    },

    /** Update company details: who the reviewers contact about this launch (Brand Details step). */
    async setCompany(user: AuthenticatedUser, botId: string, company: TLaunchCompany): Promise<TLaunchDraft> {
      return saveStep(user, botId, 'brand', async () => ({ fields: { company } }), 'company');
    },

    /** Business Verification: the chosen carriers that already verified the business. */
    async setVerifiedCarriers(
      user: AuthenticatedUser,
      botId: string,
      carrierIds: number[],
    ): Promise<TLaunchDraft> {
      const ids = [...new Set(carrierIds)];
      return saveStep(
        user,
        botId,
        'verification',
        async () => {
          const chosen = new Set((await repository.carriersOf(botId)).map((c) => c.carrierId));
          if (ids.some((id) => !chosen.has(id))) {
            const message = 'A verified carrier must be one of the carriers chosen for the launch.';
            throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
          }
          return { fields: { verifiedCarrierIds: ids } };
        },
        'verified carriers',
      );
    },

    /** The letter of authorisation: a real PDF (by content), within the size limit, stored privately. */
    async setLoa(user: AuthenticatedUser, botId: string, file: { bytes: Uint8Array; filename: string }) {
      await checkPdf('Letter of authorisation', file.bytes, LAUNCH_LOA_MAX_BYTES);
      const key = `${LAUNCH_FILES_PREFIX}${botId}/loa-${randomBytes(12).toString('base64url')}.pdf`;
      return saveStep(
        user,
        botId,
        'verification',
        async (_bot, launch) => {
          const loa = {
            key,
            name: file.filename.slice(0, 200) || 'loa.pdf',
            contentType: 'application/pdf',
            bytes: file.bytes.length,
          };
          return { fields: { loa }, replaced: launch.loa ? [launch.loa.key] : [] };
        },
        'loa',
        { key, bytes: file.bytes, contentType: 'application/pdf' },
      );
    },

    async removeLoa(user: AuthenticatedUser, botId: string): Promise<TLaunchDraft> {
      return saveStep(
        user,
        botId,
        'verification',
        async (_bot, launch) => {
          if (!launch.loa) throw new NotFoundError('This launch has no letter of authorisation.');
          return { fields: { loa: null }, replaced: [launch.loa.key] };
        },
        'loa removed',
      );
    },

    /** A screenshot of the conversation: a PNG, JPEG or WebP image (by content), at most LAUNCH_SCREENSHOTS_MAX. */
    async addScreenshot(
      user: AuthenticatedUser,
      botId: string,
      file: { bytes: Uint8Array; filename: string },
    ) {
      const image = await checkImage(
        { label: 'Screenshot', maxBytes: LAUNCH_SCREENSHOT_MAX_BYTES },
        file.bytes,
      );
      const contentType = SCREENSHOT_FORMATS[image.format];
      if (!contentType) throw new BadRequestError('Screenshot is not a PNG, JPEG or WebP image.');
      const extension = image.format === 'jpeg' ? 'jpg' : image.format;
      const key = `${LAUNCH_FILES_PREFIX}${botId}/screenshot-${randomBytes(12).toString('base64url')}.${extension}`;
      return saveStep(
        user,
        botId,
        'experience',
        async (_bot, launch) => {
          if (launch.screenshots.length >= LAUNCH_SCREENSHOTS_MAX) {
            throw new ConflictError(
              `A launch keeps at most ${LAUNCH_SCREENSHOTS_MAX} screenshots: remove one first.`,
            );
          }
          const screenshot = {
            key,
            name: file.filename.slice(0, 200) || `screenshot.${extension}`,
            contentType,
            bytes: file.bytes.length,
          };
          return { fields: { screenshots: [...launch.screenshots, screenshot] } };
        },
        'screenshot added',
        { key, bytes: file.bytes, contentType },
      );
    },

    async removeScreenshot(user: AuthenticatedUser, botId: string, index: number): Promise<TLaunchDraft> {
      return saveStep(
        user,
        botId,
        'experience',
        async (_bot, launch) => {
          const removed = launch.screenshots[index];
          if (!removed) throw new NotFoundError('This screenshot was not found.');
          return {
            fields: { screenshots: launch.screenshots.filter((_, i) => i !== index) },
            replaced: [removed.key],
          };
        },
        'screenshot removed',
      );
    },

    /** A video of the conversation: MP4 or WebM (by content), within the size limit. */
    async setVideo(user: AuthenticatedUser, botId: string, file: { bytes: Uint8Array; filename: string }) {
      if (file.bytes.length > LAUNCH_VIDEO_MAX_BYTES) {
        throw new PayloadTooLargeError(
          `Video is larger than the limit of ${LAUNCH_VIDEO_MAX_BYTES / 1_000_000} MB.`,
        );
      }
      const contentType = videoTypeOf(file.bytes);
      if (!contentType) throw new BadRequestError('Video is not an MP4 or WebM video.');
      const extension = contentType === 'video/mp4' ? 'mp4' : 'webm';
      const key = `${LAUNCH_FILES_PREFIX}${botId}/video-${randomBytes(12).toString('base64url')}.${extension}`;
      return saveStep(
        user,
        botId,
        'experience',
        async (_bot, launch) => {
          const video = {
            key,
            name: file.filename.slice(0, 200) || `video.${extension}`,
            contentType,
            bytes: file.bytes.length,
          };
          return { fields: { video }, replaced: launch.video ? [launch.video.key] : [] };
        },
        'video',
        { key, bytes: file.bytes, contentType },
      );
    },

    async removeVideo(user: AuthenticatedUser, botId: string): Promise<TLaunchDraft> {
      return saveStep(
        user,
        botId,
        'experience',
        async (_bot, launch) => {
          if (!launch.video) throw new NotFoundError('This launch has no video.');
          return { fields: { video: null }, replaced: [launch.video.key] };
        },
        'video removed',
      );
    },

    /** Everything a carrier would reject the launch for, each item naming the step that fixes it; stored. */
    async preflight(user: AuthenticatedUser, botId: string): Promise<TLaunchPreflight> {
      return withOutsideFacts(user, botId, (outside) =>
        database.transaction(async () => {
          const bot = await requireOwn(user, botId);
          const launch = await repository.ensureLaunch(botId, bot.partnerId);
          // A submitted launch keeps the result it was submitted with (what the reviewers read): its
          // carriers have left the chosen state, so a new check would judge a launch that no longer exists.
          if (!isEditable(bot) && launch.preflightAt) {
            const items = launch.preflight ?? [];
            return { ok: items.length === 0, items, checked_at: launch.preflightAt.toISOString() };
          }
          return runPreflight(bot, launch, outside);
        }),
      );
    },

    /** The verification price of the carriers the launch will submit (verification pricing call). */
    async verificationPricing(user: AuthenticatedUser, botId: string): Promise<TVerificationPricing> {
      const ids = await database.transaction(async () => {
        if (!(await repository.findBot(botId, user.partnerId))) throw new NotFoundError(BOT_NOT_FOUND);
        return submittableIds(botId);
      });
      if (ids.length === 0) {
        const message = 'Choose the carriers of the launch first.';
        throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
      }
      return deps.wallet().verificationPricing(user, ids);
    },

    /**
     * Payment: the verification hold, taken once per submission. Retried with the same key it is
     * the same hold (the ledger replays it); while this submission's hold is held, any further
     * payment answers that hold and takes nothing more. After a rejection released it, a new key
     * takes a new hold.
     */
    async pay(user: AuthenticatedUser, botId: string, idempotencyKey: string): Promise<THold> {
      return database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        requireEditable(bot);
        const launch = await repository.ensureLaunch(botId, bot.partnerId);
        const existing = await currentHold(bot, launch);
        if (existing?.status === 'held') return existing;
        const ids = await submittableIds(botId);
        if (ids.length === 0) {
          const message = 'Choose the carriers of the launch first.';
          throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
        }
        const hold = await deps.wallet().holdVerification(user, {
          carrier_ids: ids,
          reference: launchReference(bot.name),
          idempotency_key: idempotencyKey,
        });
        if (hold.status !== 'held') {
          throw new ConflictError(
            `This payment key belongs to an earlier payment, now ${hold.status}: pay again with a new key.`,
          );
        }
        await repository.updateLaunch(botId, {
          holdId: hold.hold_id,
          holdKey: idempotencyKey,
          stepReached: 'payment',
        });
        await record(user, 'launch.paid', { botId, holdId: hold.hold_id, amount: hold.amount });
        return hold;
      });
    },

    /**
     * Submit for verification, in one unit of work: the pre-flight passes (else 422 with its
     * items), this submission's hold is held (else 409), the bot and each submitted carrier move
     * (BOT_MACHINE and BOT_CARRIER_MACHINE 'submit', history), the audit record, and the mail to the
     * platform's reviewers. A resubmission sends the carriers that rejected the launch back for
     * review ('resubmit': their rejection stays in the history) and leaves those under review,
     * approved, launching or launched as they are. Two submits at once: one wins, the other gets
     * 409 with the state.
     */
    async submit(user: AuthenticatedUser, botId: string): Promise<TLaunchSummary> {
      await withOutsideFacts(user, botId, (outside) =>
        database.transaction(async () => {
          const bot = await requireOwn(user, botId);
          requireEditable(bot);
          const launch = await repository.ensureLaunch(botId, bot.partnerId);
          const preflight = await runPreflight(bot, launch, outside);
          if (!preflight.ok) {
            throw new AppError(
              422,
              'The launch cannot be submitted yet: fix what the pre-flight check lists.',
              {
                items: preflight.items,
              },
            );
          }
          const hold = await currentHold(bot, launch);
          if (hold?.status !== 'held') {
            const message = 'Pay the verification from the wallet before submitting.';
            throw new ConflictError(message, [{ field: 'payment', message }]);
          }
          const submitted = (await repository.carriersOf(botId)).filter((c) =>
            SUBMITTABLE.includes(c.status),
          );
          const carrierIds = submitted.map((c) => c.carrierId);
          const resubmitted = submitted
            .filter((c) => launchOnSubmit(carrierStateOf(c.status)) === 'resubmit')
            .map((c) => c.carrierId);
          await review.decide({
            machine: BOT_MACHINE,
            subjectId: botId,
            action: 'submit',
            actor: user,
            load: async () => (await repository.lockOwnBot(user.partnerId, botId))?.status,
            move: (from, to) => repository.moveBot(botId, from, to),
            alsoDo: async () => {
              for (const carrierId of carrierIds) {
                await review.decide({
                  machine: BOT_CARRIER_MACHINE,
                  subjectId: botId,
                  carrierId,
                  action: resubmitted.includes(carrierId) ? 'resubmit' : 'submit',
                  actor: user,
                  load: () => repository.lockCarrier(botId, carrierId),
                  move: (from, to) => repository.moveCarrier(botId, carrierId, from, to),
                });
              }
              await repository.updateLaunch(botId, {
                submittedAt: new Date(),
                submissions: launch.submissions + 1,
                stepReached: 'payment',
              });
              await record(user, 'launch.submitted', {
                botId,
                carrierIds,
                resubmitted,
                holdId: hold.hold_id,
              });
              // The platform's reviewers: a launch waits for them (the review queue shows it too).
              for (const to of await repository.reviewerEmails()) {
                await mail({
                  to,
                  template: 'review-waiting',
                  data: {
                    subject: `The launch of the bot ${bot.name}`,
                    submitter: user.email,
                    link: `${deps.publicUrl}/admin/verification-details?bot_id=${botId}`,
                  },
                });
              }
            },
          });
        }),
      );
      return summary(botId, { partnerId: user.partnerId });
    },

    /** Confirm verification: the submitted launch as it now stands (409 while it was never submitted). */
    async confirm(user: AuthenticatedUser, botId: string): Promise<TLaunchSummary> {
      const result = await summary(botId, { partnerId: user.partnerId });
      if (!result.submitted_at) {
        throw new ConflictError('This launch has not been submitted yet.', { current: result.bot.status });
      }
      return result;
    },

    /**
     * /u/update-carrier: while the launch is under review, add carriers (they join at the launch's
     * stage) or take off those not decided yet (withdraw). Money: while this submission's hold is
     * still held it is released and a new one taken for the new set of carriers (so a removal gives
     * money back); once the platform captured it, an added carrier's price is held and charged at
     * once, and a removed carrier is NOT refunded automatically (support adjusts it by hand).
     */
    async updateCarriers(
      user: AuthenticatedUser,
      botId: string,
      change: { add: number[]; remove: number[] },
    ): Promise<TLaunchSummary> {
      const add = [...new Set(change.add)];
      const remove = [...new Set(change.remove)];
      if (add.some((id) => remove.includes(id))) {
        const message = 'A carrier cannot be added and removed at once.';
        throw new BadRequestError(message, [{ field: 'add', message }]);
      }
      const active = await database.transaction(() => repository.activeCarrierIds(add));
      if (active.size !== add.length) {
        const message = 'Choose carriers from the list: one of them is not available.';
        throw new BadRequestError(message, [{ field: 'add', message }]);
      }
      await database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        const state = stateOf(bot);
        const stage = state ? STAGE_OF_ADDED[state] : undefined;
        if (!state || !stage) {
          throw new ConflictError(
            `This bot is ${botStatusOf(bot.status).label.toLowerCase()}: its carriers change after submission only while the launch is under review.`,
            { current: botStatusOf(bot.status) },
          );
        }
        const launch = await repository.ensureLaunch(botId, bot.partnerId);
        const before = new Map((await repository.carriersOf(botId)).map((c) => [c.carrierId, c]));
        for (const carrierId of remove) {
          const carrier = before.get(carrierId);
          if (!carrier || carrier.status === CARRIER.pending.code) {
            throw new NotFoundError('This carrier is not part of the launch.');
          }
          if (!WITHDRAWABLE.includes(carrier.status)) {
            throw new ConflictError(
              `${carrier.name} has already decided: it cannot be taken off the launch.`,
              {
                carrier_id: carrierId,
                current:
                  BOT_CARRIER_MACHINE.states[stateOfCode(BOT_CARRIER_MACHINE, carrier.status) ?? 'pending'],
              },
            );
          }
          await review.decide({
            machine: BOT_CARRIER_MACHINE,
            subjectId: botId,
            carrierId,
            action: 'withdraw',
            actor: user,
            load: () => repository.lockCarrier(botId, carrierId),
            move: (from, to) => repository.moveCarrier(botId, carrierId, from, to),
          });
        }
        for (const carrierId of add) {
          const carrier = before.get(carrierId);
          if (carrier && carrier.status !== CARRIER.pending.code) {
            throw new ConflictError(`${carrier.name} is already part of the launch.`, {
              carrier_id: carrierId,
            });
          }
          await repository.addCarriers(botId, [carrierId], CARRIER.pending.code);
          await review.decide({
            machine: BOT_CARRIER_MACHINE,
            subjectId: botId,
            carrierId,
            action: 'submit',
            actor: user,
            load: () => repository.lockCarrier(botId, carrierId),
            move: (from, to) => repository.moveCarrier(botId, carrierId, from, to),
          });
          if (stage !== 'submitted') {
            // The launch is past the platform's first look: the carrier joins at the launch's stage.
            if (
              !(await repository.moveCarrier(botId, carrierId, CARRIER.submitted.code, CARRIER[stage].code))
            ) {
              throw new ConflictError('The launch changed meanwhile: try again.');
            }
            await review.record({
              machine: BOT_CARRIER_MACHINE,
              subjectId: botId,
              carrierId,
              action: 'added',
              from: 'submitted',
              to: stage,
              actor: user,
            });
          }
        }
        const inLaunch = (await repository.carriersOf(botId))
          .filter((c) => c.status !== CARRIER.pending.code)
          .map((c) => c.carrierId);
        if (inLaunch.length === 0) {
          throw new ConflictError('A launch keeps at least one carrier.', [
            { field: 'remove', message: 'A launch keeps at least one carrier.' },
          ]);
        }
        await adjustHold(user, bot, launch, inLaunch, add);
        await record(user, 'launch.carriers-changed', { botId, add, remove });
      });
      return summary(botId, { partnerId: user.partnerId });
    },
  };

  /** The money side of /u/update-carrier (see updateCarriers). */
  async function adjustHold(
    user: AuthenticatedUser,
    bot: LaunchBotRow,
    launch: LaunchRow,
    inLaunch: number[],
    added: number[],
  ): Promise<void> {
    const wallet = deps.wallet();
    const hold = await currentHold(bot, launch);
    const sorted = [...inLaunch].sort((a, b) => a - b);
    if (launch.holdId && hold?.status === 'held') {
      await wallet.settleHold(user, launch.holdId, 'release', `launch-release:${launch.holdId}`);
      const key = derivedKey('rehold', launch.holdId, ...sorted);
      const next = await wallet.holdVerification(user, {
        carrier_ids: sorted,
        reference: launchReference(bot.name),
        idempotency_key: key,
      });
      await repository.updateLaunch(bot.botId, { holdId: next.hold_id, holdKey: key });
      return;
    }
    if (added.length === 0) return;
    const key = derivedKey(
      'add',
      bot.botId,
      launch.submissions,
      launch.holdId ?? '',
      ...[...added].sort((a, b) => a - b),
    );
    const extra = await wallet.holdVerification(user, {
      carrier_ids: added,
      reference: launchReference(bot.name, 'added carriers'),
      idempotency_key: key,
    });
    if (extra.status === 'held') {
      await wallet.settleHold(user, extra.hold_id, 'capture', `launch-capture:${extra.hold_id}`);
    }
  }
}
export type LaunchesService = ReturnType<typeof createLaunchesService>;
