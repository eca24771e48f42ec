import { z } from 'zod';
import type { Database } from '../../platform/db/index.ts';
import { deleteInBatches, RETENTION_CRON, retentionCutoff } from '../../platform/db/retention.ts';
import { defineQueues } from '../../platform/jobs/queues.ts';
import type { JobHandler } from '../../platform/module.ts';
import type { MeteringService } from './metering.service.ts';

export const METERING_QUEUES = defineQueues({
  /** Charges sent messages in batches (one ledger debit per wallet per batch) and settles abandoned reservations. */
  'metering.settle': z.object({}).strict(),
  /** Daily: drops settled metered messages older than RAW_EVENTS_RETENTION_DAYS (decision 0041). */
  'metering.retention': z.object({}).strict(),
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

/**
 * Deletes the metered messages created before the cutoff whose money is settled (charged in a
 * batch, or released); a reservation or a sent message not yet charged is kept whatever its age.
 * Usage per day (usage_daily) and the ledger keep what billing reads.
 */
export function purgeSettledMessages(database: Database, before: Date): Promise<number> {
  return deleteInBatches(
    database.sql,
    'metered_messages',
    "created_at < $1 AND status IN ('charged', 'released')",
    [before],
  );
}

export function retentionJob(
  database: Database,
  days: number,
): JobHandler<z.output<(typeof METERING_QUEUES)['metering.retention']>> {
  return {
    schedule: { cron: RETENTION_CRON(23), payload: {} },
    expireInSeconds: 3_600,
    handler: async (_payload, { log }) => {
      const messages = await purgeSettledMessages(database, retentionCutoff(days));
      log.info({ messages, days }, 'settled metered messages past their retention deleted');
    },
  };
}
