import { z } from 'zod';
import { defineQueues } from '../../platform/jobs/queues.ts';

export const AUDIENCES_QUEUES = defineQueues({
  /** Check an uploaded audience file (streamed), from where an interrupted check stopped. */
  'audiences.check': z.object({ audienceId: z.uuid() }).strict(),
});
export type AudiencesQueues = typeof AUDIENCES_QUEUES;
