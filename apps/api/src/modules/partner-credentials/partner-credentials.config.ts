import { PARTNER_TOKEN_MAX_LIFETIME_SECONDS } from '@portico/domain/constants/product';
import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** PARTNER_GOOGLE_PORT's value that turns the Google origin off. */
const OFF = 'off';

/**
 * Partner access tokens (how long one lives) and where partners point Google's clients: the origin
 * whose root answers in Google's shape (decision 0027), on by default on the port after PORT.
 */
export const partnerCredentialsConfig = ((platform) =>
  z
    .object({
      /** Seconds a partner access token lives (Google's and Meta's clients fetch a new one when it ends). */
      PARTNER_TOKEN_LIFETIME_SECONDS: z.coerce
        .number()
        .int()
        .min(60)
        .max(PARTNER_TOKEN_MAX_LIFETIME_SECONDS)
        .default(3600),
      /**
       * The port of the origin whose root answers in Google's shape (`/v1/phones/...` for RBM,
       * `/v1/brands/...` for Business Communications), on HOST: Google's clients keep only the
       * origin of their rootUrl. Unset: PORT + 1 (none when PORT is 0); `off`: no such origin.
       */
      PARTNER_GOOGLE_PORT: z
        .union([z.literal(OFF), z.coerce.number().int().min(1).max(65_535)])
        .optional()
        .refine((port) => port !== platform.PORT, 'PARTNER_GOOGLE_PORT must differ from PORT'),
      /**
       * The Google base URL partners are shown (API page, partner OpenAPI, the start log): the
       * origin that reaches PARTNER_GOOGLE_PORT. Unset: PUBLIC_URL's scheme and host with that port
       * (none when the port is off); behind a proxy, the host name the proxy gives that port.
       */
      PARTNER_GOOGLE_URL: z.url().optional(),
    })
    .transform(({ PARTNER_GOOGLE_PORT, PARTNER_GOOGLE_URL, ...rest }) => {
      const port =
        PARTNER_GOOGLE_PORT === OFF
          ? null
          : (PARTNER_GOOGLE_PORT ??
            (platform.PORT === 0 || platform.PORT === 65_535 ? null : platform.PORT + 1));
      return { ...rest, googleOrigin: googleOriginOf(platform.PUBLIC_URL, port, PARTNER_GOOGLE_URL) };
    })) satisfies ModuleConfigSchema<unknown>;

/** The Google-shaped origin: the port it listens on (null: none) and the base URL partners use. */
export interface GoogleOrigin {
  port: number | null;
  /** The origin partners give Google's clients as rootUrl (no trailing slash); null when there is none. */
  url: string | null;
}

function googleOriginOf(
  publicUrl: string,
  port: number | null,
  configured: string | undefined,
): GoogleOrigin {
  // A configured URL is shown even when this process does not listen (another one serves it).
  if (configured) return { port, url: configured.replace(/\/+$/, '') };
  if (port === null) return { port, url: null };
  const derived = new URL(publicUrl);
  derived.port = String(port);
  return { port, url: derived.origin };
}
