import { z } from 'zod';
import { MAIL_TEMPLATE_IDS } from '../mail/templates.ts';
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
  /** Renders a mail template and sends it (SMTP_URL) or files it in the dev mailbox; see platform/mail. */
  'mail.send': z.object({
    to: z.email(),
    template: z.enum(MAIL_TEMPLATE_IDS),
    data: z.record(z.string(), z.string()),
  }),
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
