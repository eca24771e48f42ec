import { PARTNER_TOKEN_MAX_LIFETIME_SECONDS } from '@portico/domain/constants/product';
import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** Partner access tokens: how long one lives; where partners point Google's clients. */
export const partnerCredentialsConfig = (() =>
  z.object({
    /** Seconds a partner access token lives (Google's and Meta's clients fetch a new one when it ends). */
    PARTNER_TOKEN_LIFETIME_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(PARTNER_TOKEN_MAX_LIFETIME_SECONDS)
      .default(3600),
    /**
     * The Google base URL the API page shows: the origin that reaches PARTNER_GOOGLE_PORT (its own
     * host name behind the proxy, decision 0027), which Google's clients take as rootUrl. Unset: the
     * path-prefixed URL, which plain HTTP clients can use but Google's generated ones cannot.
     */
    PARTNER_GOOGLE_URL: z.url().optional(),
  })) satisfies ModuleConfigSchema<unknown>;
