import { z } from 'zod';
import type { Database } from '../../platform/db/index.ts';
import { deleteInBatches, RETENTION_CRON, retentionCutoff } from '../../platform/db/retention.ts';
import { defineQueues } from '../../platform/jobs/queues.ts';
import type { JobHandler } from '../../platform/module.ts';

export const NETWORK_MESSAGES_QUEUES = defineQueues({
  /** Daily: drops the networks' events and messages older than RAW_EVENTS_RETENTION_DAYS (decision 0041). */
  'network-messages.retention': z.object({}).strict(),
});

/**
 * Deletes the events received and the messages sent before the cutoff (their indexes on
 * received_at and created_at find them). Usage is counted when an event is stored, so nothing
 * billing reads is lost.
 */
export async function purgeNetworkTraffic(database: Database, before: Date) {
  const events = await deleteInBatches(database.sql, 'network_events', 'received_at < $1', [before]);
  const messages = await deleteInBatches(database.sql, 'network_messages', 'created_at < $1', [before]);
  return { events, messages };
}

export function networkRetentionJob(
  database: Database,
  days: number,
): JobHandler<z.output<(typeof NETWORK_MESSAGES_QUEUES)['network-messages.retention']>> {
  return {
    schedule: { cron: RETENTION_CRON(11), payload: {} },
    expireInSeconds: 3_600,
    handler: async (_payload, { log }) => {
      const deleted = await purgeNetworkTraffic(database, retentionCutoff(days));
      log.info({ ...deleted, days }, 'raw network traffic past its retention deleted');
    },
  };
}
