import { z } from 'zod';
import type { Database } from '../../platform/db/index.ts';
import { deleteInBatches } from '../../platform/db/retention.ts';
import { defineQueues } from '../../platform/jobs/queues.ts';

export const PARTNER_WEBHOOKS_QUEUES = defineQueues({
  /** Deliver a conversation's (bot + user number) due deliveries in order. */
  'partner-webhooks.deliver': z.object({ conversation: z.string().min(1), partnerId: z.uuid() }).strict(),
  /** Every minute: conversations with a due delivery nobody holds (after a crash) get a deliver job. */
  'partner-webhooks.sweep': z.object({}).strict(),
  /** Daily: drops finished deliveries older than RAW_EVENTS_RETENTION_DAYS (decision 0041). */
  'partner-webhooks.retention': z.object({}).strict(),
});

/**
 * Deletes the deliveries created before the cutoff that are finished (delivered or failed for
 * good); one still pending or retrying is kept whatever its age.
 */
export function purgeFinishedDeliveries(database: Database, before: Date): Promise<number> {
  return deleteInBatches(
    database.sql,
    'partner_webhook_deliveries',
    "created_at < $1 AND status NOT IN ('pending', 'retrying')",
    [before],
  );
}
