import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';

export const PARTNER_API_QUEUES = defineQueues({
  /** Hourly: deletes Idempotency-Keys older than PARTNER_IDEMPOTENCY_KEY_TTL_HOURS. */
  'partner-api.sweep-idempotency-keys': z.object({}).strict(),
});
