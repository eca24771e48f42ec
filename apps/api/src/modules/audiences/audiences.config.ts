import { AUDIENCE_MAX_RECIPIENTS_DEFAULT } from '@portico/domain';
import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/** Audiences: the most recipients one audience may keep (decision 0042). */
export const audiencesConfig = (() =>
  z.object({
    AUDIENCE_MAX_RECIPIENTS: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000_000)
      .default(AUDIENCE_MAX_RECIPIENTS_DEFAULT),
  })) satisfies ModuleConfigSchema<unknown>;
