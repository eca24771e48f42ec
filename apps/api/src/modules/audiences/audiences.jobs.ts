import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';

export const AUDIENCES_QUEUES = defineQueues({
  /** Check an uploaded audience file (streamed), from where an interrupted check stopped. */
  'audiences.check': z.object({ audienceId: z.uuid() }).strict(),
  /** Split an audience's recipients by RCS capability through one bot (one run of its reach row). */
  'audiences.reach': z.object({ audienceId: z.uuid(), botId: z.uuid(), runId: z.uuid() }).strict(),
});
export type AudiencesQueues = typeof AUDIENCES_QUEUES;
