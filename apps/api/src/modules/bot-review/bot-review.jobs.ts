import { z } from 'zod';
import type { Database } from '../../platform/db/index.ts';
import type { JobSender } from '../../platform/jobs/index.ts';
import { defineQueues } from '../../platform/jobs/queues.ts';
import type { JobHandler } from '../../platform/module.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { BotReviewService, LaunchJobs } from './bot-review.service.ts';
import { createLaunchSweep, createLaunchSweepRepository, type LaunchSweepDeps } from './bot-review.sweep.ts';

export const BOT_REVIEW_QUEUES = defineQueues({
  /**
   * Launches a bot on one carrier's network after the carrier's approval (or a platform retry), and
   * looks again (`poll` > 0) while the network still reviews it. Idempotent: it acts only while the
   * carrier is launching, and the networks' requestLaunch leaves a pending or live launch as it is.
   */
  'bot-review.launch': z
    .object({ botId: z.uuid(), carrierId: z.number().int().positive(), poll: z.number().int().min(0) })
    .strict(),
  /**
   * Every 15 minutes: a carrier left launching longer than LAUNCHING_STUCK_AFTER_MS with no launch
   * job alive (the job gave up after its retries) becomes launch_failed, so the platform may retry it.
   */
  'bot-review.sweep-launching': z.object({}).strict(),
});
type LaunchPayload = z.output<(typeof BOT_REVIEW_QUEUES)['bot-review.launch']>;

/**
 * The launch jobs as the service queues them, in one unit of work (the caller's when it runs in one):
 * the job and its id on the carrier's row, so the sweep can ask pg-boss whether it is alive.
 */
export function jobLaunches(
  jobs: JobSender<typeof BOT_REVIEW_QUEUES>,
  database: Database,
  bots: Pick<BotsService, 'setLaunchJob'>,
): LaunchJobs {
  return {
    async enqueue(job, startAfterSeconds) {
      await database.transaction(async () => {
        const id = await jobs.send(
          'bot-review.launch',
          job,
          startAfterSeconds ? { startAfter: startAfterSeconds } : {},
        );
        if (id) await bots.setLaunchJob(job.botId, job.carrierId, id);
      });
    },
  };
}

export function launchJob(service: Pick<BotReviewService, 'runLaunch'>): JobHandler<LaunchPayload> {
  return {
    retryLimit: 5,
    handler: async (payload, { log }) => {
      const result = await service.runLaunch(payload);
      log.info({ ...payload, result }, 'bot launch job ran');
    },
  };
}

export const SWEEP_LAUNCHING_CRON = '*/15 * * * *';

/** The sweep of launches stuck in launching (bot-review.sweep.ts), on its schedule. */
export function sweepLaunchingJob(
  deps: Omit<LaunchSweepDeps, 'sweeps'>,
): JobHandler<z.output<(typeof BOT_REVIEW_QUEUES)['bot-review.sweep-launching']>> {
  const sweep = createLaunchSweep({ ...deps, sweeps: createLaunchSweepRepository(deps.database.db) });
  return {
    schedule: { cron: SWEEP_LAUNCHING_CRON, payload: {} },
    retryLimit: 2,
    handler: async (_payload, { log }) => {
      const moved = await sweep.sweep();
      if (moved > 0) log.warn({ moved }, 'launches stuck in launching marked failed');
    },
  };
}
