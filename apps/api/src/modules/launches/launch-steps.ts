import {
  BOT_CARRIER_MACHINE,
  BOT_LAUNCHABLE_STATES,
  BOT_MACHINE,
  type BotCarrierState,
  type BotState,
  botCarrierStatusOf,
  botStatusOf,
  LAUNCH_STEP_SLUGS,
  type LaunchStepSlug,
  launchOnSubmit,
  stateOfCode,
  type THold,
  type TLaunchDraft,
  type TLaunchDraftCarrier,
  type TLaunchSummary,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { SignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import type { BotsService } from '../bots/bots.service.ts';
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

/*
 * The steps the launch use cases share (the bot owned and editable, a step saved in one unit of
 * work, the hold, the draft as the stepper reads it), built once per service from its deps. The
 * use cases are in launches.service.ts; the pre-flight in launch-preflight.ts; payment and
 * submission in launch-submission.ts; carriers after submission in launch-carriers.ts.
 */

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
  /** The bots module: the launch moves its bot and the bot's carriers through it (it owns those tables). */
  bots: () => Pick<BotsService, 'moveStatus' | 'moveCarrier' | 'chooseCarriers' | 'addCarriers'>;
  privacyUrl: PrivacyUrlChecker;
  log: FastifyBaseLogger;
  /** The portal's address, for the links in mails. */
  publicUrl: string;
}

export const CARRIER = BOT_CARRIER_MACHINE.states;
export const codesOf = (states: readonly BotCarrierState[]) => states.map((state) => CARRIER[state].code);

/** The shared steps of the launch use cases, over the service's deps. */
export function createLaunchSteps(deps: LaunchesServiceDeps) {
  const { database, repository, review, audit, storage, downloads, log } = deps;
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

  async function summary(botId: string, scope: LaunchSummaryScope = {}): Promise<TLaunchSummary> {
    return database.transaction(() => summaryOf(botId, scope));
  }
  return {
    ...deps,
    stateOf,
    requireOwn,
    isEditable,
    requireEditable,
    record,
    currentHold,
    submittableIds,
    carrierStateOf,
    draft,
    saveStep,
    releaseHeld,
    summary,
  };
}
export type LaunchSteps = ReturnType<typeof createLaunchSteps>;
