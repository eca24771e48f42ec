import { z } from 'zod';

/** /healthz: the process is up. */
export const ZHealth = z.object({ status: z.literal('ok'), uptimeSeconds: z.number().int().min(0) });
export type THealth = z.infer<typeof ZHealth>;

/** /readyz: the process can serve (database answers; job queue started where this instance runs jobs). */
export const ZReadiness = z.object({
  ready: z.boolean(),
  role: z.enum(['all', 'api', 'worker']),
  checks: z.object({
    database: z.boolean(),
    /** null when this instance does not run jobs (PORTICO_ROLE=api). */
    jobs: z.boolean().nullable(),
    /** With DEMO=1: false while the demo data that goes through the running app is being made; else null. */
    demo: z.boolean().nullable(),
  }),
});
export type TReadiness = z.infer<typeof ZReadiness>;
