import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';
import type { JobHandler } from '../../platform/module.ts';
import type { AnalyticsRollups } from './analytics.rollups.ts';

export const ANALYTICS_QUEUES = defineQueues({
  /** Counts ledger transactions not yet in the money rollups (idempotent catch-up, decision 0047). */
  'analytics.ledger': z.object({}).strict(),
});

/** Every minute, and after a restart: the money rollups catch up with the ledger. */
export function ledgerJob(
  rollups: Pick<AnalyticsRollups, 'catchUpLedger'>,
): JobHandler<z.output<(typeof ANALYTICS_QUEUES)['analytics.ledger']>> {
  return {
    schedule: { cron: '* * * * *', payload: {} },
    retryLimit: 3,
    expireInSeconds: 300,
    handler: async (_payload, { log }) => {
      const counted = await rollups.catchUpLedger();
      if (counted > 0) log.info({ counted }, 'ledger transactions counted in the money rollups');
    },
  };
}
