import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** Queue name -> zod schema of its payload. */
export type QueueDeclarations = Record<string, z.ZodType>;

export interface JobContext {
  jobId: string;
  log: FastifyBaseLogger;
}

export interface JobDefinition<D extends QueueDeclarations, Q extends keyof D & string> {
  queue: Q;
  /** Must be idempotent: a job can run more than once (retries, a worker dying mid-job). */
  handler: (payload: z.output<D[Q]>, context: JobContext) => Promise<void>;
  /** Run on a cron schedule (UTC) with this payload; every instance may declare it, pg-boss keeps one. */
  schedule?: { cron: string; payload: z.input<D[Q]> };
  retryLimit?: number;
  expireInSeconds?: number;
  /** Jobs fetched per poll (docs/STACK.md: throughput ~ batch size x workers / polling interval). */
  batchSize?: number;
}

/** A registered definition with its payload type erased, as the runner sees it. */
export interface RegisteredJob {
  queue: string;
  payload: z.ZodType;
  handler: (payload: unknown, context: JobContext) => Promise<void>;
  schedule?: { cron: string; payload: unknown } | undefined;
  retryLimit?: number | undefined;
  expireInSeconds?: number | undefined;
  batchSize?: number | undefined;
}

/**
 * Every queue the application declares and the one handler of each (documenso's typed job
 * definitions; immich's refusal to start when a job name has no handler).
 */
export class JobRegistry<D extends QueueDeclarations> {
  readonly #jobs = new Map<string, RegisteredJob>();

  constructor(readonly declarations: D) {}

  register<Q extends keyof D & string>(definition: JobDefinition<D, Q>): this {
    const payload = this.declarations[definition.queue];
    if (!payload) throw new Error(`Job queue "${definition.queue}" is not declared`);
    if (this.#jobs.has(definition.queue))
      throw new Error(`Job queue "${definition.queue}" already has a handler`);
    this.#jobs.set(definition.queue, {
      ...definition,
      payload,
      // The runner parses the payload with this queue's schema before calling, so the type holds.
      handler: definition.handler as RegisteredJob['handler'],
    });
    return this;
  }

  /** Registers the handler of a queue known only by name at run time (a module's declared queues). */
  registerErased(queue: string, definition: Omit<RegisteredJob, 'queue' | 'payload'>): this {
    const payload = this.declarations[queue];
    if (!payload) throw new Error(`Job queue "${queue}" is not declared`);
    if (this.#jobs.has(queue)) throw new Error(`Job queue "${queue}" already has a handler`);
    this.#jobs.set(queue, { ...definition, queue, payload });
    return this;
  }

  /** Throws naming every declared queue that has no handler. Called before the queue starts. */
  assertComplete(): void {
    const missing = Object.keys(this.declarations).filter((queue) => !this.#jobs.has(queue));
    if (missing.length > 0) {
      throw new Error(
        `Job queues without a handler: ${missing.join(', ')}. Register one for each declared queue.`,
      );
    }
  }

  queues(): string[] {
    return Object.keys(this.declarations);
  }

  job(queue: string): RegisteredJob | undefined {
    return this.#jobs.get(queue);
  }

  jobs(): RegisteredJob[] {
    return [...this.#jobs.values()];
  }

  /** Validates a payload for sending; throws a ZodError when it does not match the queue's schema. */
  parse<Q extends keyof D & string>(queue: Q, payload: z.input<D[Q]>): z.output<D[Q]> {
    const schema = this.declarations[queue];
    if (!schema) throw new Error(`Job queue "${queue}" is not declared`);
    return schema.parse(payload) as z.output<D[Q]>;
  }
}
