import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** Metering's variables (decision 0023). */
export const meteringConfig = (() =>
  z
    .object({
      /** Seconds after which a reservation never settled (its sender was killed) is charged as sent. */
      METERING_ABANDON_AFTER_SECONDS: z.coerce.number().int().min(60).default(600),
    })
    .transform((env) => ({
      abandonAfterMs: env.METERING_ABANDON_AFTER_SECONDS * 1000,
    }))) satisfies ModuleConfigSchema<unknown>;
