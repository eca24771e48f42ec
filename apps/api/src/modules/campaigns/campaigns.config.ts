import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/**
 * Campaigns: each sender's pace in messages per second, by network (the networks' rates: an RBM
 * agent's QPS, WhatsApp's 80/s default per number, MaaP's), enforced across processes through the
 * database's shared counters; and the recipients per batch (one capture from the hold each).
 */
export const campaignsConfig = (() =>
  z.object({
    CAMPAIGN_PACE_RBM: z.coerce.number().int().min(1).max(100_000).default(2_000),
    CAMPAIGN_PACE_MAAP: z.coerce.number().int().min(1).max(100_000).default(2_000),
    CAMPAIGN_PACE_WHATSAPP: z.coerce.number().int().min(1).max(100_000).default(80),
    CAMPAIGN_BATCH: z.coerce.number().int().min(1).max(10_000).default(200),
  })) satisfies ModuleConfigSchema<unknown>;
