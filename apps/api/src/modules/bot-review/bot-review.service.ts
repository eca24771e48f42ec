import {
  BOT_CARRIER_MACHINE,
  BOT_CARRIER_REVIEW_TABS,
  BOT_MACHINE,
  BOT_REVIEW_TABS,
  BOT_STATUS,
  type BotAction,
  type BotCarrierAction,
  type BotCarrierState,
  type BotPlatformAction,
  botActionAfterCarriers,
  isBillingRole,
  REVIEW_DASHBOARD_SUBJECTS,
  stateOfCode,
  type TBotReviewFilters,
  type TBotReviewList,
  type TBotReviewListItem,
  type TCarrierBotReviewList,
  type TReviewDashboard,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Connectors, NetworkError } from '../../networks/index.ts';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { launchOnNetworks } from './bot-review.launch.ts';
import { presentReviewListItem } from './bot-review.presenter.ts';
import {
  type BotReviewRepository,
  CARRIER_VISIBLE_CODES,
  CARRIER_WAITING_CODES,
  type ReviewAudience,
  type ReviewBotRow,
} from './bot-review.repository.ts';
import type { ReviewDashboardRepository } from './review-dashboard.repository.ts';

export const NOT_FOUND = 'This bot was not found.';
const C = BOT_CARRIER_MACHINE.states;
const DRAFTS: readonly number[] = [BOT_STATUS.in_progress, BOT_STATUS.in_progress_carrier_submission];
/** A launch waits for the platform while it is submitted (6). */
const PLATFORM_WAITING: readonly number[] = [BOT_STATUS.submitted_for_launch];
const EXPORT_WINDOW = { start: 0, end: 5000 };
const DAY_MS = 86_400_000;

/** Enqueues the launch job of one carrier (the bot-review.launch queue), in the caller's unit of work. */
export interface LaunchJobs {
  enqueue(job: { botId: string; carrierId: number; poll: number }, startAfterSeconds?: number): Promise<void>;
}

export interface BotReviewDeps {
  database: Database;
  repository: BotReviewRepository;
  dashboards: ReviewDashboardRepository;
  review: ReviewService;
  audit: AuditService;
  wallet: Pick<WalletService, 'settlePartnerHold'>;
  /** The bots module's state moves of a bot and its carriers (it owns the tables), in the caller's unit of work. */
  bots: Pick<BotsService, 'moveStatus' | 'moveCarrier'>;
  mail: Mailer;
  launchJobs: LaunchJobs;
  connectors: Connectors;
  log: FastifyBaseLogger;
  /** The portal's address, for the links in mails. */
  publicUrl: string;
  /**
   * Looking again at a launch the network still reviews: the first wait in seconds (doubling each
   * look, at most an hour) and how many looks before it counts as failed.
   */
  launchPoll?: { seconds: number; max: number };
}

/** The carrier states the platform's decisions move, and to where (BOT_CARRIER_MACHINE). */
const PLATFORM_CARRIER_MOVES: Record<
  BotPlatformAction,
  { action: BotCarrierAction; from: BotCarrierState[]; to: BotCarrierState }
> = {
  forward: { action: 'forward', from: ['submitted'], to: 'to_be_approved_by_carrier' },
  approve: {
    action: 'platform-approve',
    from: ['submitted', 'to_be_approved_by_carrier'],
    to: 'approved_pending_from_carrier',
  },
  reject: {
    action: 'platform-reject',
    from: ['submitted', 'to_be_approved_by_carrier', 'approved_pending_from_carrier'],
    to: 'pending',
  },
};

/**
 * The review of launches (issue 14): the platform's and each carrier's lists, decisions and
 * dashboards, and the launch on each network as a job. Every decision is one unit of work: the
 * state moves (only from the state it was read in, the bot row locked, else 409), the history rows,
 * the audit record, the verification hold's capture or release, the mails and the launch job
 * commit together or not at all.
 */
export function createBotReviewService(deps: BotReviewDeps) {
  const { database, repository, review, audit, wallet, bots, mail, launchJobs, connectors, log } = deps;
  // 5 s doubling to an hour: about 30 hours of looks, as a carrier's review on the network can take.
  const poll = deps.launchPoll ?? { seconds: 5, max: 40 };
  const pollDelay = (look: number) => Math.min(poll.seconds * 2 ** Math.min(look, 20), 3600);

  async function audienceOf(user: AuthenticatedUser): Promise<ReviewAudience> {
    if (isBillingRole(user.role)) {
      return { kind: 'carrier', carrierId: (await repository.carrierOfPartner(user.partnerId)) ?? -1 };
    }
    return { kind: 'platform' };
  }

  const carrierStateOf = (code: number): BotCarrierState | undefined =>
    stateOfCode(BOT_CARRIER_MACHINE, code);
  const botLink = (botId: string, audience: 'developer' | 'platform' | 'carrier') =>
    audience === 'developer'
      ? `${deps.publicUrl}/u/launch-details?bot_id=${botId}`
      : audience === 'platform'
        ? `${deps.publicUrl}/admin/verification-details?bot_id=${botId}`
        : `${deps.publicUrl}/billing/bot-details?bot_id=${botId}`;

  async function notifyOwners(bot: ReviewBotRow, carrierName?: string) {
    return {
      recipients: await repository.ownerEmails(bot.partnerId),
      subjectName: carrierName ? `Bot ${bot.name} on ${carrierName}` : `Bot ${bot.name}`,
      link: botLink(bot.botId, 'developer'),
    };
  }

  /** Tells each carrier's reviewers that the bot now waits for their decision. */
  async function notifyCarrierReviewers(
    bot: ReviewBotRow,
    carrierIds: readonly number[],
    state: BotCarrierState,
  ) {
    for (const carrierId of carrierIds) {
      for (const to of await repository.carrierReviewerEmails(carrierId)) {
        await mail({
          to,
          template: 'carrier-review-waiting',
          data: {
            subject: `Bot ${bot.name}`,
            state: BOT_CARRIER_MACHINE.states[state].label,
            link: botLink(bot.botId, 'carrier'),
          },
        });
      }
    }
  }

  /**
   * The verification hold of the bot's launch: captured when the platform approves (or a network
   * launches it first), released when the platform rejects it (or every carrier rejects it before
   * the platform approved). The key is derived from the hold and the outcome, so a retried or
   * repeated decision settles it once; a hold already settled stays as it is.
   */
  async function settleHold(bot: ReviewBotRow, outcome: 'capture' | 'release') {
    const launch = await repository.launchOf(bot.botId);
    if (!launch?.holdId) return;
    const held = await wallet.settlePartnerHold({
      partnerId: bot.partnerId,
      holdId: launch.holdId,
      outcome,
      idempotencyKey: `launch-hold:${launch.holdId}:${outcome}`,
      description:
        outcome === 'capture'
          ? `Bot verification charged (${bot.name})`
          : `Bot verification hold released (${bot.name})`,
      onlyIfHeld: true,
    });
    if (held.moved)
      log.info({ botId: bot.botId, holdId: launch.holdId, outcome }, 'verification hold settled');
  }

  /**
   * What the carriers' states make of the bot as a whole (botActionAfterCarriers): launched,
   * launch_failed, approved or rejected by the carriers. Runs in the caller's unit of work with
   * the bot locked; `actor` is null when the launch job decides.
   */
  async function settleBot(botId: string, actor: AuthenticatedUser | null): Promise<void> {
    const bot = await repository.lockBot(botId);
    const current = bot ? stateOfCode(BOT_MACHINE, bot.status) : undefined;
    if (!bot || !current) return;
    const rows = await repository.carrierStates(botId);
    const states = rows.flatMap((row) => carrierStateOf(row.status) ?? []);
    const action = botActionAfterCarriers(current, states);
    if (!action) return;
    const transition = BOT_MACHINE.transitions[action];
    if (!transition.from.includes(current)) return;
    const to = transition.to;
    if (!(await bots.moveStatus(botId, bot.status, BOT_MACHINE.states[to].code))) return;
    const reason =
      action === 'launch-failed'
        ? (await carrierReasons(botId)) || 'The launch failed on every network.'
        : null;
    await review.record({ machine: BOT_MACHINE, subjectId: botId, action, from: current, to, reason, actor });
    if (action === 'launched' || action === 'carriers-approved') await settleHold(bot, 'capture');
    if (action === 'carriers-rejected') await settleHold(bot, 'release');
    await audit.record('launch.decided', {
      actorUserId: actor?.userId ?? null,
      actorEmail: actor?.email ?? null,
      partnerId: bot.partnerId,
      detail: { botId, action, to },
    });
    const notice = await notifyOwners(bot);
    for (const recipient of notice.recipients) {
      await mail({
        to: recipient,
        template: 'review-decision',
        data: {
          subject: notice.subjectName,
          decision: transition.label,
          state: BOT_MACHINE.states[to].label,
          reason: reason ?? '',
          link: notice.link,
        },
      });
    }
  }

  async function carrierReasons(botId: string): Promise<string> {
    const rows = await repository.carrierReasons(botId);
    return rows.map((row) => `${row.name}: ${row.reason}`).join(' ');
  }

  /** A carrier's launch starts: approved -> launching, and its job is queued (same unit of work). */
  async function startLaunch(
    user: AuthenticatedUser,
    botId: string,
    carrierId: number,
    action: Extract<BotCarrierAction, 'launch' | 'retry'>,
  ) {
    await review.decide({
      machine: BOT_CARRIER_MACHINE,
      subjectId: botId,
      carrierId,
      action,
      actor: user,
      load: async () => (await repository.lockCarrier(botId, carrierId))?.status,
      move: (from, to) => bots.moveCarrier(botId, carrierId, from, to, null),
    });
    await launchJobs.enqueue({ botId, carrierId, poll: 0 });
  }

  /** One window of the launches the caller sees, presented. */
  async function rowsOf(
    audience: ReviewAudience,
    filters: TBotReviewFilters,
    window: { start: number; end: number },
  ): Promise<{ items: TBotReviewListItem[]; total: number }> {
    const { rows, total } = await repository.list(audience, filters, window);
    const now = new Date();
    const waiting = { platform: PLATFORM_WAITING, carrier: CARRIER_WAITING_CODES };
    return { items: rows.map((row) => presentReviewListItem(row, waiting, audience.kind, now)), total };
  }

  /** The list with how many launches each of the caller's tabs holds under the same filters. */
  async function list(
    user: AuthenticatedUser,
    filters: TBotReviewFilters,
    window: { start: number; end: number },
  ): Promise<TBotReviewList | TCarrierBotReviewList> {
    const audience = await audienceOf(user);
    const { tab: _tab, ...others } = filters;
    const [page, tabCounts] = await Promise.all([
      rowsOf(audience, filters, window),
      audience.kind === 'carrier'
        ? repository.tabCounts(audience, BOT_CARRIER_REVIEW_TABS, others)
        : repository.tabCounts(audience, BOT_REVIEW_TABS, others),
    ]);
    return { ...page, tabCounts };
  }

  return {
    audienceOf,
    list,
    /** What the carriers' states make of the bot, in the caller's unit of work (the launch sweep's). */
    settleBot,

    async exportRows(user: AuthenticatedUser, filters: TBotReviewFilters): Promise<TBotReviewListItem[]> {
      return (await rowsOf(await audienceOf(user), filters, EXPORT_WINDOW)).items;
    },

    /** The carrier a caller may see the bot for (a carrier: its own network, once forwarded); else 404. */
    async requireVisible(user: AuthenticatedUser, botId: string): Promise<ReviewAudience> {
      const audience = await audienceOf(user);
      if (!(await repository.visible(audience, botId))) throw new NotFoundError(NOT_FOUND);
      return audience;
    },

    /** The platform forwards the launch to the carriers, approves it, or rejects it with a reason. */
    async decide(
      user: AuthenticatedUser,
      botId: string,
      action: BotPlatformAction,
      reason: string | undefined,
    ): Promise<void> {
      await database.transaction(async () => {
        const bot = await repository.lockBot(botId);
        if (!bot || DRAFTS.includes(bot.status)) throw new NotFoundError(NOT_FOUND);
        const carriersBefore = await repository.carrierStates(botId);
        const undecided = carriersBefore.some((row) =>
          ['submitted', 'to_be_approved_by_carrier', 'approved_pending_from_carrier'].includes(
            carrierStateOf(row.status) ?? '',
          ),
        );
        // Forwarded, and every carrier already decided: the platform's approval settles it (31).
        const machineAction: BotAction =
          action === 'approve' && bot.status === BOT_STATUS.bot_forwarded_by_portico && !undecided
            ? 'approve-decided'
            : action;
        const moves = PLATFORM_CARRIER_MOVES[action];
        await review.decide({
          machine: BOT_MACHINE,
          subjectId: botId,
          action: machineAction,
          actor: user,
          reason,
          load: async () => bot.status,
          move: (from, to) => bots.moveStatus(botId, from, to),
          alsoDo: async (_from, to) => {
            const moved: number[] = [];
            for (const row of carriersBefore) {
              const state = carrierStateOf(row.status);
              if (!state || !moves.from.includes(state)) continue;
              const next = BOT_CARRIER_MACHINE.states[moves.to].code;
              const keep = action === 'reject' ? (reason ?? null) : null;
              if (!(await bots.moveCarrier(botId, row.carrierId, row.status, next, keep))) continue;
              await review.record({
                machine: BOT_CARRIER_MACHINE,
                subjectId: botId,
                carrierId: row.carrierId,
                action: moves.action,
                from: state,
                to: moves.to,
                reason: action === 'reject' ? (reason ?? null) : null,
                actor: user,
              });
              moved.push(row.carrierId);
            }
            if (action === 'approve') await settleHold(bot, 'capture');
            if (action === 'reject') await settleHold(bot, 'release');
            if (action !== 'reject') await notifyCarrierReviewers(bot, moved, moves.to);
            await audit.record('launch.decided', {
              actorUserId: user.userId,
              actorEmail: user.email,
              partnerId: bot.partnerId,
              detail: { botId, action: machineAction, to },
            });
          },
          notify: async () => notifyOwners(bot),
        });
        if (machineAction === 'approve-decided') await settleBot(botId, user);
      });
    },

    /**
     * A carrier approves or rejects (with a reason) the launch on its own network; another
     * network's launch is a 404. An approval starts the launch on the network (a job). Then the
     * carriers' states decide the bot as a whole (botActionAfterCarriers).
     */
    async carrierDecide(
      user: AuthenticatedUser,
      botId: string,
      action: 'approve' | 'reject',
      reason: string | undefined,
    ): Promise<void> {
      const carrierId = (await repository.carrierOfPartner(user.partnerId)) ?? -1;
      await database.transaction(async () => {
        const bot = await repository.lockBot(botId);
        const carrier = await repository.carrier(carrierId);
        await review.decide({
          machine: BOT_CARRIER_MACHINE,
          subjectId: botId,
          carrierId,
          action,
          actor: user,
          reason,
          load: async () => {
            if (!bot) return undefined;
            const row = await repository.lockCarrier(botId, carrierId);
            return row && CARRIER_VISIBLE_CODES.includes(row.status) ? row.status : undefined;
          },
          move: (from, to) =>
            bots.moveCarrier(botId, carrierId, from, to, action === 'reject' ? (reason ?? null) : null),
          alsoDo: async (_from, to) => {
            await audit.record('launch.decided', {
              actorUserId: user.userId,
              actorEmail: user.email,
              partnerId: bot?.partnerId ?? null,
              detail: { botId, carrierId, action, to },
            });
          },
          notify: async () => (bot ? notifyOwners(bot, carrier?.name) : null),
        });
        if (action === 'approve') await startLaunch(user, botId, carrierId, 'launch');
        await settleBot(botId, user);
      });
    },

    /** A platform admin retries a failed launch on one carrier's network (launch_failed -> launching). */
    async retryLaunch(user: AuthenticatedUser, botId: string, carrierId: number): Promise<void> {
      await database.transaction(async () => {
        const bot = await repository.lockBot(botId);
        if (!bot || DRAFTS.includes(bot.status)) throw new NotFoundError(NOT_FOUND);
        const row = await repository.lockCarrier(botId, carrierId);
        if (!row) throw new NotFoundError('This carrier is not one of the bot\u2019s carriers.');
        await startLaunch(user, botId, carrierId, 'retry');
        await audit.record('launch.retried', {
          actorUserId: user.userId,
          actorEmail: user.email,
          partnerId: bot.partnerId,
          detail: { botId, carrierId },
        });
      });
    },

    /**
     * The launch job of one carrier: only while the carrier is launching (a re-run after the
     * outcome was written does nothing); the first run asks the networks to launch (idempotent),
     * later looks read where the launch stands; then writes launched or
     * launch_failed with the network's reason and settles the bot, or looks again later while the
     * network still reviews it. Transient network failures are looked at again too.
     */
    async runLaunch(job: { botId: string; carrierId: number; poll: number }): Promise<LaunchRunResult> {
      const { botId, carrierId } = job;
      const target = await database.transaction(async () => {
        const bot = await repository.lockBot(botId);
        const row = bot ? await repository.lockCarrier(botId, carrierId) : undefined;
        if (!bot || row?.status !== C.launching.code) return null;
        const carrier = await repository.carrier(carrierId);
        const contact = await repository.verificationContactOf(botId);
        return carrier ? { bot, carrier, contact } : null;
      });
      if (!target) return 'nothing-to-do';
      let outcome: Awaited<ReturnType<typeof launchOnNetworks>>;
      try {
        outcome = await launchOnNetworks(
          connectors,
          target.bot,
          target.carrier,
          job.poll === 0,
          target.contact,
        );
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        outcome = error.transient ? { state: 'pending' } : { state: 'failed', reason: error.message };
        log.warn({ err: error, botId, carrierId }, 'launch call failed');
      }
      if (outcome.state === 'pending') {
        if (job.poll + 1 < poll.max) {
          await launchJobs.enqueue({ botId, carrierId, poll: job.poll + 1 }, pollDelay(job.poll));
          return 'pending';
        }
        outcome = { state: 'failed', reason: 'The network did not confirm the launch in time.' };
      }
      const final = outcome;
      return database.transaction(async () => {
        const bot = await repository.lockBot(botId);
        const row = bot ? await repository.lockCarrier(botId, carrierId) : undefined;
        if (!bot || row?.status !== C.launching.code) return 'nothing-to-do';
        const to: BotCarrierState = final.state === 'launched' ? 'launched' : 'launch_failed';
        const reason = final.state === 'failed' ? final.reason : null;
        await bots.moveCarrier(botId, carrierId, row.status, C[to].code, reason);
        await review.record({
          machine: BOT_CARRIER_MACHINE,
          subjectId: botId,
          carrierId,
          action: to === 'launched' ? 'launched' : 'launch-failed',
          from: 'launching',
          to,
          reason,
          actor: null,
        });
        const notice = await notifyOwners(bot, target.carrier.name);
        for (const recipient of notice.recipients) {
          await mail({
            to: recipient,
            template: 'review-decision',
            data: {
              subject: notice.subjectName,
              decision:
                BOT_CARRIER_MACHINE.transitions[to === 'launched' ? 'launched' : 'launch-failed'].label,
              state: BOT_CARRIER_MACHINE.states[to].label,
              reason: reason ?? '',
              link: notice.link,
            },
          });
        }
        await settleBot(botId, null);
        return to;
      });
    },

    /** The reviewer's dashboard: cards for bots, brands and aggregators, and requests per day (30 days). */
    async dashboard(user: AuthenticatedUser, now = new Date()): Promise<TReviewDashboard> {
      const audience = await audienceOf(user);
      const { dashboards } = deps;
      const [botCounts, brandCounts, aggregatorCounts] = await Promise.all([
        dashboards.botCounts(audience),
        dashboards.brandCounts(audience),
        dashboards.aggregatorCounts(audience),
      ]);
      const first = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS,
      );
      const perDay = await dashboards.requestsPerDay(audience, first);
      const counted = (rows: { day: string; n: number }[]) => new Map(rows.map((row) => [row.day, row.n]));
      const [bots, brands, aggregators] = [
        counted(perDay.bots),
        counted(perDay.brands),
        counted(perDay.aggregators),
      ];
      const requests = Array.from({ length: 30 }, (_, i) => {
        const day = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return {
          day,
          bots: bots.get(day) ?? 0,
          brands: brands.get(day) ?? 0,
          aggregators: aggregators.get(day) ?? 0,
        };
      });
      const counts = { bots: botCounts, brands: brandCounts, aggregators: aggregatorCounts };
      return {
        cards: REVIEW_DASHBOARD_SUBJECTS.map((subject) => {
          const { waiting, approved, rejected, oldest } = counts[subject];
          return {
            subject,
            waiting,
            approved,
            rejected,
            oldest_waiting: oldest
              ? {
                  id: oldest.id,
                  name: oldest.name,
                  since: new Date(oldest.since).toISOString(),
                  waiting_seconds: Math.max(
                    0,
                    Math.floor((now.getTime() - new Date(oldest.since).getTime()) / 1000),
                  ),
                }
              : null,
          };
        }),
        requests,
        generated_at: now.toISOString(),
      };
    },
  };
}
export type BotReviewService = ReturnType<typeof createBotReviewService>;
export type LaunchRunResult = 'nothing-to-do' | 'pending' | 'launched' | 'launch_failed';
