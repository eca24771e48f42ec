import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** The partner API's sends: a bot's throughput, and the port of the Google-shaped origin. */
export const partnerApiConfig = (() =>
  z.object({
    /** Messages per second one bot may send (Meta's default throughput per business number is 80). */
    PARTNER_SEND_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(80),
    /**
     * The port of the origin whose root answers in Google's shape (`/v1/phones/...` for RBM,
     * `/v1/brands/...` for Business Communications), on HOST: Google's clients keep only the origin
     * of their rootUrl (decision 0027). Unset: no such origin (the path-prefixed routes under
     * /api/v1/partner/rbm answer either way). In production a proxy gives it a host name of its own.
     */
    PARTNER_GOOGLE_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  })) satisfies ModuleConfigSchema<unknown>;
