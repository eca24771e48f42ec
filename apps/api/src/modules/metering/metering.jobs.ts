import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';
import type { JobHandler } from '../../platform/module.ts';
import type { MeteringService } from './metering.service.ts';

export const METERING_QUEUES = defineQueues({
  /** Charges sent messages in batches (one ledger debit per wallet per batch) and settles abandoned reservations. */
  'metering.settle': z.object({}).strict(),
});

/** Every minute: abandoned reservations first (they become sent), then every batch to charge. */
export function settleJob(
  metering: Pick<MeteringService, 'settleAbandoned' | 'settleBatches'>,
): JobHandler<z.output<(typeof METERING_QUEUES)['metering.settle']>> {
  return {
    schedule: { cron: '* * * * *', payload: {} },
    retryLimit: 3,
    expireInSeconds: 300,
    handler: async (_payload, { log }) => {
      const abandoned = await metering.settleAbandoned();
      const report = await metering.settleBatches();
      if (abandoned > 0 || report.batches > 0) {
        log.info({ abandoned, ...report, amount: report.amount.toString() }, 'metered messages settled');
      }
    },
  };
}
