import { z } from 'zod';
import { MAIL_TEMPLATE_IDS } from '../mail/templates.ts';
import type { JobDefinition, QueueDeclarations } from './registry.ts';

/** Declares a set of queues and their payload schemas (the platform's here, each module's in its own file). */
export function defineQueues<const D extends QueueDeclarations>(declarations: D): D {
  return declarations;
}

/**
 * The platform's own queues. Modules declare theirs on their module object; a declared queue
 * without a handler stops the worker from starting.
 */
export const PLATFORM_QUEUES = defineQueues({
  /** Deletes expired OIDC payloads and ended rate-limit windows. */
  'maintenance.purge-expired': z.object({}).strict(),
  /** Adds and retires OIDC signing and cookie keys (decision 0015); daily, acting only when due. */
  'identity.rotate-keys': z.object({}).strict(),
  /** Deletes stored files that no row references any more (platform/storage/sweep.ts); daily. */
  'storage.sweep-orphans': z.object({}).strict(),
  /** Renders a mail template and sends it (SMTP_URL) or files it in the dev mailbox; see platform/mail. */
  'mail.send': z.object({
    to: z.email(),
    template: z.enum(MAIL_TEMPLATE_IDS),
    data: z.record(z.string(), z.string()),
  }),
});
export type PlatformQueues = typeof PLATFORM_QUEUES;

/** Types a job definition against a set of queues. */
export function defineJob<D extends QueueDeclarations, Q extends keyof D & string>(
  _declarations: D,
  definition: JobDefinition<D, Q>,
): JobDefinition<D, Q> {
  return definition;
}
