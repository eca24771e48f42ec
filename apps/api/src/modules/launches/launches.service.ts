import { randomBytes } from 'node:crypto';
import {
  LAUNCH_LOA_MAX_BYTES,
  LAUNCH_SCREENSHOT_MAX_BYTES,
  LAUNCH_SCREENSHOTS_MAX,
  LAUNCH_VIDEO_MAX_BYTES,
  type TLaunchCarrierList,
  type TLaunchCompany,
  type TLaunchDraft,
  type TLaunchPreflight,
  type TLaunchQuestionnaire,
  type TLaunchSummary,
  type TVerificationPricing,
  WALLET_CURRENCY,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
} from '../../platform/http/errors.ts';
import { checkImage, checkPdf } from '../../platform/uploads/content.ts';
import { createLaunchCarriers } from './launch-carriers.ts';
import { createLaunchPreflight } from './launch-preflight.ts';
import { CARRIER, createLaunchSteps, type LaunchesServiceDeps } from './launch-steps.ts';
import { createLaunchSubmission } from './launch-submission.ts';
import { BOT_NOT_FOUND } from './launch-summary.ts';

/** Launch files are private: they leave only through signed links. */
export const LAUNCH_FILES_PREFIX = 'private/launch-files/';

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

/**
 * Launches (issue 14), the developer's side: the five-step stepper (kept between visits), the
 * pre-flight check, the verification hold, submission, carriers after submission, and the launch
 * summary the reviewers read too. Every use case runs in one unit of work; the privacy URL is
 * checked outside of one.
 */
export function createLaunchesService(deps: LaunchesServiceDeps) {
  const steps = createLaunchSteps(deps);
  const { database, repository, requireOwn, isEditable, draft, saveStep } = steps;
  const { submittableIds, releaseHeld, summary } = steps;
  const preflight = createLaunchPreflight(steps);
  const { runPreflight, withOutsideFacts } = preflight;
  const { pay, submit } = createLaunchSubmission(steps, preflight);
  const { updateCarriers } = createLaunchCarriers(steps);

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
          await steps.bots().chooseCarriers(botId, ids, CARRIER.pending.code);
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

    pay,

    submit,

    /** Confirm verification: the submitted launch as it now stands (409 while it was never submitted). */
    async confirm(user: AuthenticatedUser, botId: string): Promise<TLaunchSummary> {
      const result = await summary(botId, { partnerId: user.partnerId });
      if (!result.submitted_at) {
        throw new ConflictError('This launch has not been submitted yet.', { current: result.bot.status });
      }
      return result;
    },

    updateCarriers,
  };
}
export type LaunchesService = ReturnType<typeof createLaunchesService>;
