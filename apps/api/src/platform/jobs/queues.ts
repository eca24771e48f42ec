import { z } from 'zod';
import { type JobDefinition, JobRegistry } from './registry.ts';

/**
 * Every queue of the application and its payload. Declaring a queue here without registering a
 * handler for it (see createAppJobRegistry) stops the worker from starting.
 */
export const APP_QUEUES = {
  /** Deletes expired OIDC payloads and ended rate-limit windows. */
  'maintenance.purge-expired': z.object({}).strict(),
  // ---- wallet ----
  /** One email per low-balance crossing (modules/wallet/wallet.jobs.ts). */
  'wallet.low-balance-alert': z
    .object({ partnerId: z.uuid(), alertId: z.uuid(), balance: z.string(), threshold: z.string() })
    .strict(),
} as const satisfies Record<string, z.ZodType>;
export type AppQueues = typeof APP_QUEUES;
export type AppQueue = keyof AppQueues & string;
export type AppJobDefinition<Q extends AppQueue = AppQueue> = JobDefinition<AppQueues, Q>;

/** Types a job definition against the application's queues. */
export function defineJob<Q extends AppQueue>(definition: AppJobDefinition<Q>): AppJobDefinition<Q> {
  return definition;
}

export function createAppJobRegistry(): JobRegistry<AppQueues> {
  return new JobRegistry(APP_QUEUES);
}
