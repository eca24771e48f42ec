import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** Partner webhook delivery: the time-out, the first retry's wait and a partner's concurrency. */
export const partnerWebhooksConfig = (() =>
  z.object({
    /** A webhook that does not answer within this many ms fails the attempt. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** The first retry waits this long, each next one twice as long (at most 10 minutes). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
    /** Attempts of one partner's webhooks in flight at once on an instance. */
    WEBHOOK_PARTNER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  })) satisfies ModuleConfigSchema<unknown>;
