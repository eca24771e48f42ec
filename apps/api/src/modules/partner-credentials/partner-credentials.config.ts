import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** Partner access tokens: how long one lives. */
export const partnerCredentialsConfig = (() =>
  z.object({
    /** Seconds a partner access token lives (Google's and Meta's clients fetch a new one when it ends). */
    PARTNER_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  })) satisfies ModuleConfigSchema<unknown>;
