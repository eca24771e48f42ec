import { BOT_CARRIER_MACHINE, LAUNCHING_STUCK_AFTER_MS, LAUNCHING_STUCK_REASON } from '@portico/domain';
import { and, asc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database, Db } from '../../platform/db/index.ts';
import { BOSS_SCHEMA } from '../../platform/jobs/boss.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import { botCarriers } from '../bots/bots.schema.ts';
import type { BotReviewRepository } from './bot-review.repository.ts';

const C = BOT_CARRIER_MACHINE.states;
/** The launch job's queue (bot-review.jobs.ts); its payload names the bot and the carrier. */
const LAUNCH_QUEUE = 'bot-review.launch';
/** Carriers swept per run (the next run takes the rest). */
const SWEEP_BATCH = 100;

/** A bot-review.launch job for this bot and carrier still queued, waiting for a retry, or running (pg-boss). */
function liveLaunchJob(botId: SQL | string, carrierId: SQL | number): SQL {
  return sql`SELECT 1 FROM ${sql.raw(`"${BOSS_SCHEMA}".job`)} AS j
    WHERE j.name = ${LAUNCH_QUEUE}
      AND j.state IN ('created', 'retry', 'active')
      AND j.data->>'botId' = (${botId})::text
      AND (j.data->>'carrierId')::int = ${carrierId}`;
}

/** SQL of the sweep: carriers launching too long with no launch job alive. */
export function createLaunchSweepRepository(db: Db) {
  return {
    async stuckLaunching(before: Date): Promise<{ botId: string; carrierId: number }[]> {
      return db
        .select({ botId: botCarriers.botId, carrierId: botCarriers.carrierId })
        .from(botCarriers)
        .where(
          and(
            eq(botCarriers.status, C.launching.code),
            lt(botCarriers.updatedAt, before),
            sql`NOT EXISTS (${liveLaunchJob(sql`${botCarriers.botId}`, sql`${botCarriers.carrierId}`)})`,
          ),
        )
        .orderBy(asc(botCarriers.updatedAt))
        .limit(SWEEP_BATCH);
    },

    async hasLiveLaunchJob(botId: string, carrierId: number): Promise<boolean> {
      const result = (await db.execute(liveLaunchJob(botId, carrierId))) as unknown as { rows: unknown[] };
      return result.rows.length > 0;
    },
  };
}
export type LaunchSweepRepository = ReturnType<typeof createLaunchSweepRepository>;

export interface LaunchSweepDeps {
  database: Database;
  repository: Pick<
    BotReviewRepository,
    'lockBot' | 'lockCarrier' | 'moveCarrier' | 'carrier' | 'ownerEmails'
  >;
  sweeps: LaunchSweepRepository;
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
  const { database, repository, sweeps, review, audit, mail } = deps;

  async function sweepOne(botId: string, carrierId: number, before: Date): Promise<boolean> {
    return database.transaction(async () => {
      const bot = await repository.lockBot(botId);
      const row = bot ? await repository.lockCarrier(botId, carrierId) : undefined;
      if (!bot || row?.status !== C.launching.code || row.updatedAt >= before) return false;
      if (await sweeps.hasLiveLaunchJob(botId, carrierId)) return false;
      const reason = LAUNCHING_STUCK_REASON;
      if (!(await repository.moveCarrier(botId, carrierId, row.status, C.launch_failed.code, reason))) {
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
      const stuck = await database.transaction(() => sweeps.stuckLaunching(before));
      let moved = 0;
      for (const { botId, carrierId } of stuck) {
        if (await sweepOne(botId, carrierId, before)) moved += 1;
      }
      return moved;
    },
  };
}
export type LaunchSweep = ReturnType<typeof createLaunchSweep>;
