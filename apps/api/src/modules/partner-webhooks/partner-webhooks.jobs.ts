import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';

export const PARTNER_WEBHOOKS_QUEUES = defineQueues({
  /** Deliver a conversation's (bot + user number) due deliveries in order. */
  'partner-webhooks.deliver': z.object({ conversation: z.string().min(1), partnerId: z.uuid() }).strict(),
  /** Every minute: conversations with a due delivery nobody holds (after a crash) get a deliver job. */
  'partner-webhooks.sweep': z.object({}).strict(),
});
