import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** The partner API's sends: a bot's throughput (the Google origin's port is partner-credentials' setting). */
export const partnerApiConfig = (() =>
  z.object({
    /** Messages per second one bot may send (Meta's default throughput per business number is 80). */
    PARTNER_SEND_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(80),
  })) satisfies ModuleConfigSchema<unknown>;
