import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';

export const CAMPAIGNS_QUEUES = defineQueues({
  /** Send a running campaign's queued recipients in batches (one job per campaign at a time). */
  'campaigns.dispatch': z.object({ campaignId: z.uuid() }).strict(),
  /** Every minute: start due scheduled campaigns, dispatch running ones again (restarts, outages). */
  'campaigns.tick': z.object({}).strict(),
});
export type CampaignsQueues = typeof CAMPAIGNS_QUEUES;
