import { BOT_CARRIER_MACHINE, LAUNCHING_STUCK_AFTER_MS, LAUNCHING_STUCK_REASON } from '@portico/domain';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database, Db } from '../../platform/db/index.ts';
import type { JobLookup } from '../../platform/jobs/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import { botCarriers } from '../bots/bots.schema.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { BOT_REVIEW_QUEUES } from './bot-review.jobs.ts';
import type { BotReviewRepository } from './bot-review.repository.ts';

const C = BOT_CARRIER_MACHINE.states;
/** The launch job's queue (bot-review.jobs.ts); the carrier's row keeps the id of its newest job. */
const LAUNCH_QUEUE = 'bot-review.launch';
/** Carriers read per page of the sweep (it pages on until none is left). */
const SWEEP_PAGE = 100;

interface LaunchingCarrier {
  botId: string;
  carrierId: number;
  launchJobId: string | null;
}

/** SQL of the sweep: carriers launching since before a time, oldest first, a page at a time. */
export function createLaunchSweepRepository(db: Db) {
  return {
    /** A page of them, past the first `skip` (the ones a sweep left launching). */
    async stuckLaunching(before: Date, skip = 0): Promise<LaunchingCarrier[]> {
      return db
        .select({
          botId: botCarriers.botId,
          carrierId: botCarriers.carrierId,
          launchJobId: botCarriers.launchJobId,
        })
        .from(botCarriers)
        .where(and(eq(botCarriers.status, C.launching.code), lt(botCarriers.updatedAt, before)))
        .orderBy(asc(botCarriers.updatedAt), asc(botCarriers.botId), asc(botCarriers.carrierId))
        .offset(skip)
        .limit(SWEEP_PAGE);
    },
  };
}
export type LaunchSweepRepository = ReturnType<typeof createLaunchSweepRepository>;

export interface LaunchSweepDeps {
  database: Database;
  repository: Pick<BotReviewRepository, 'lockBot' | 'lockCarrier' | 'carrier' | 'ownerEmails'>;
  /** The bots module's move of a carrier (it owns bot_carriers), in the sweep's unit of work. */
  bots: Pick<BotsService, 'moveCarrier'>;
  sweeps: LaunchSweepRepository;
  /** pg-boss, asked whether a carrier's launch job is alive (getJobById). */
  jobs: JobLookup<typeof BOT_REVIEW_QUEUES>;
  review: ReviewService;
  audit: AuditService;
  mail: Mailer;
  /** What the carriers' states now make of the bot (the review service's settleBot), in the same unit of work. */
  settleBot: (botId: string, actor: AuthenticatedUser | null) => Promise<void>;
  /** The portal's address, for the link in the developer's mail. */
  publicUrl: string;
}

/**
 * The sweep of launches the launch job gave up on (bot-review.sweep-launching): a carrier left
 * "launching" longer than LAUNCHING_STUCK_AFTER_MS with no launch job queued, retrying or running
 * becomes launch_failed with a history row saying why, so the platform's retry applies. Each
 * carrier in its own unit of work, the bot and the carrier locked and read again (a job that wrote
 * meanwhile wins): the move, the history row, the audit record, the developer's mail and what it
 * makes of the bot. Running it again changes nothing.
 */
export function createLaunchSweep(deps: LaunchSweepDeps) {
  const { database, repository, bots, sweeps, jobs, review, audit, mail } = deps;

  /** Whether the carrier's newest launch job is queued, waiting for a retry, or running. */
  const jobAlive = async (launchJobId: string | null) =>
    launchJobId !== null && (await jobs.isAlive(LAUNCH_QUEUE, launchJobId));

  async function sweepOne(botId: string, carrierId: number, before: Date): Promise<boolean> {
    return database.transaction(async () => {
      const bot = await repository.lockBot(botId);
      const row = bot ? await repository.lockCarrier(botId, carrierId) : undefined;
      if (!bot || row?.status !== C.launching.code || row.updatedAt >= before) return false;
      if (await jobAlive(row.launchJobId)) return false;
      const reason = LAUNCHING_STUCK_REASON;
      if (!(await bots.moveCarrier(botId, carrierId, row.status, C.launch_failed.code, reason))) {
        return false;
      }
      await review.record({
        machine: BOT_CARRIER_MACHINE,
        subjectId: botId,
        carrierId,
        action: 'launch-failed',
        from: 'launching',
        to: 'launch_failed',
        reason,
        actor: null,
      });
      await audit.record('launch.decided', {
        actorUserId: null,
        actorEmail: null,
        partnerId: bot.partnerId,
        detail: { botId, carrierId, action: 'launch-failed', to: 'launch_failed', sweep: true },
      });
      const carrier = await repository.carrier(carrierId);
      for (const to of await repository.ownerEmails(bot.partnerId)) {
        await mail({
          to,
          template: 'review-decision',
          data: {
            subject: `Bot ${bot.name}${carrier ? ` on ${carrier.name}` : ''}`,
            decision: BOT_CARRIER_MACHINE.transitions['launch-failed'].label,
            state: C.launch_failed.label,
            reason,
            link: `${deps.publicUrl}/u/launch-details?bot_id=${botId}`,
          },
        });
      }
      await deps.settleBot(botId, null);
      return true;
    });
  }

  return {
    /** Sweeps the stuck launches as of `now`; returns how many carriers it moved. */
    async sweep(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - LAUNCHING_STUCK_AFTER_MS);
      // Page on past the carriers left launching (a job alive): they stay first in the order.
      let moved = 0;
      let left = 0;
      for (;;) {
        const page = await database.transaction(() => sweeps.stuckLaunching(before, left));
        for (const { botId, carrierId, launchJobId } of page) {
          const swept = !(await jobAlive(launchJobId)) && (await sweepOne(botId, carrierId, before));
          if (swept) moved += 1;
          else left += 1;
        }
        if (page.length < SWEEP_PAGE) return moved;
      }
    },
  };
}
export type LaunchSweep = ReturnType<typeof createLaunchSweep>;
