import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Database, JOB_QUEUE_SETUP_LOCK_KEY, underAdvisoryLock } from '../db/index.ts';
import { currentRequestId, REQUEST_ID_LOG_FIELD, runForRequest } from '../http/request-id.ts';
import { BOSS_SCHEMA, bossDb, PgBoss } from './boss.ts';
import type { JobRegistry, QueueDeclarations, RegisteredJob } from './registry.ts';

export type { JobContext, JobDefinition, QueueDeclarations } from './registry.ts';
export { JobRegistry } from './registry.ts';

export interface JobQueueOptions<D extends QueueDeclarations> {
  database: Database;
  registry: JobRegistry<D>;
  log: FastifyBaseLogger;
  /** Seconds a worker waits between fetches when its queue is empty. */
  pollingIntervalSeconds?: number;
  /** Told how long each job waited from due to started (the Prometheus metrics). */
  metrics?: { jobStarted(queue: string, waitedSeconds: number): void };
}

/** What a service needs of the queue: enqueueing, inside its unit of work when it runs in one. */
export interface JobSender<D extends QueueDeclarations> {
  /**
   * Validates the payload against the queue's schema and enqueues it; returns the job id. Inside
   * `database.transaction()` the job is written in that transaction (a transactional outbox): it
   * exists only if the use case commits.
   */
  send<Q extends keyof D & string>(
    queue: Q,
    payload: z.input<D[Q]>,
    options?: PgBoss.SendOptions,
  ): Promise<string | null>;
}

/** What a sweep needs of the queue: whether a job it noted will still run. */
export interface JobLookup<D extends QueueDeclarations> {
  /**
   * Whether the job `id` of `queue` is still queued, waiting for a retry, or running (pg-boss's
   * getJobById; inside `database.transaction()` read in that transaction). A job that completed,
   * failed for good, was cancelled or is no longer kept is not.
   */
  isAlive<Q extends keyof D & string>(queue: Q, id: string): Promise<boolean>;
}

export interface JobQueue<D extends QueueDeclarations> extends JobSender<D>, JobLookup<D> {
  /** Installs pg-boss if needed, creates every queue, starts its workers and schedules. Throws if a declared queue has no handler. */
  start(): Promise<void>;
  /** Opens the queue for sending only (API instances without workers); start() must not follow. */
  openForSending(): Promise<void>;
  /** Whether workers are running (readiness). */
  isStarted(): boolean;
  stop(): Promise<void>;
  /** The underlying pg-boss instance once started (tests inspect job state through it). */
  boss(): PgBoss | undefined;
}

/**
 * The job queue on pg-boss 10. Workers and schedules run only where start() is called
 * (PORTICO_ROLE all or worker); elsewhere send() starts a send-only instance on first use.
 */
export function createJobQueue<D extends QueueDeclarations>(options: JobQueueOptions<D>): JobQueue<D> {
  const { database, registry, log, metrics } = options;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let working = false;
  let openedFor: 'work' | 'send' | undefined;

  const open = (mode: 'work' | 'send') => {
    if (mode === 'work' && openedFor === 'send') {
      throw new Error('The job queue was opened send-only; start() must run before the first send()');
    }
    openedFor ??= mode;
    starting ??= (async () => {
      const instance = new PgBoss({
        db: bossDb(database),
        schema: BOSS_SCHEMA,
        // Maintenance and cron only where workers run.
        supervise: mode === 'work',
        schedule: mode === 'work',
        migrate: true,
      });
      instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
      // Processes starting at once on an empty database would each install pg-boss's schema (and
      // create the same queues): one at a time, the later ones finding it done.
      await underAdvisoryLock(database, JOB_QUEUE_SETUP_LOCK_KEY, async () => {
        await instance.start();
        // One read of what a previous start left, then writes only for what is missing or changed:
        // on PGlite every statement waits its turn, so unchanged queues and schedules cost start time.
        const stored = new Map((await instance.getQueues()).map((queue) => [queue.name, queue]));
        for (const queue of registry.queues()) {
          const settings = queueSettings(registry.jobs().find((job) => job.queue === queue));
          const current = stored.get(queue);
          if (!current) await instance.createQueue(queue, settings);
          else if (settingsDiffer(current, settings)) await instance.updateQueue(queue, settings);
        }
      });
      boss = instance;
      return instance;
    })();
    return starting;
  };

  const runBatch =
    (instance: PgBoss, job: RegisteredJob) => async (batch: PgBoss.JobWithMetadata<unknown>[]) => {
      for (const item of batch) {
        metrics?.jobStarted(job.queue, (Date.now() - new Date(item.startAfter).getTime()) / 1000);
        // The request that queued it (through any jobs between), else the job is its own origin.
        const { [QUEUED_BY]: queuedBy, ...data } = (item.data ?? {}) as Record<string, unknown>;
        const requestId = typeof queuedBy === 'string' ? queuedBy : `job:${item.id}`;
        const jobLog = log.child({ queue: job.queue, jobId: item.id, [REQUEST_ID_LOG_FIELD]: requestId });
        try {
          const payload = job.payload.parse(data);
          jobLog.debug('job started');
          await runForRequest(requestId, () => job.handler(payload, { jobId: item.id, log: jobLog }));
          jobLog.debug('job done');
        } catch (error) {
          jobLog.error({ err: error }, 'job failed');
          await instance.fail(job.queue, item.id, {
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
    };

  return {
    async start() {
      registry.assertComplete();
      const instance = await open('work');
      const schedules = new Map((await instance.getSchedules()).map((stored) => [stored.name, stored]));
      for (const job of registry.jobs()) {
        await instance.work(
          job.queue,
          // With its metadata: how long each job waited (startAfter) is measured.
          { batchSize: job.batchSize ?? 10, pollingIntervalSeconds, includeMetadata: true },
          runBatch(instance, job),
        );
        if (job.schedule && !sameSchedule(schedules.get(job.queue), job.schedule)) {
          await instance.schedule(job.queue, job.schedule.cron, job.schedule.payload as object, {
            tz: 'UTC',
          });
        }
      }
      working = true;
    },
    async openForSending() {
      await open('send');
    },
    async send(queue, payload, sendOptions) {
      const data = registry.parse(queue, payload) as object;
      const requestId = currentRequestId();
      const transaction = database.currentTransaction();
      if (transaction && !boss) {
        // Opening installs pg-boss on the pool; on PGlite that would wait for this very transaction.
        throw new Error('The job queue must be open before a transaction enqueues a job (open it at start).');
      }
      const instance = boss ?? (await open('send'));
      const options = { ...sendOptions, ...(transaction ? { db: transaction } : {}) };
      return instance.send(queue, requestId ? { ...data, [QUEUED_BY]: requestId } : data, options);
    },
    async isAlive(queue, id) {
      const transaction = database.currentTransaction();
      if (transaction && !boss) {
        throw new Error('The job queue must be open before a transaction reads a job (open it at start).');
      }
      const instance = boss ?? (await open('send'));
      const job = await instance.getJobById(queue, id, {
        includeArchive: false,
        ...(transaction ? { db: transaction } : {}),
      });
      return job !== null && ALIVE_STATES.has(job.state);
    },
    isStarted: () => working,
    async stop() {
      const instance = boss ?? (starting ? await starting.catch(() => undefined) : undefined);
      working = false;
      if (!instance) return;
      await instance.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
    boss: () => boss,
  };
}

/** pg-boss's states of a job that will still run: queued, waiting for a retry, running. */
const ALIVE_STATES: ReadonlySet<string> = new Set(['created', 'retry', 'active']);

/** The key of a job's data that carries the id of the request it was queued for (taken off before its schema). */
const QUEUED_BY = '_requestId';

/** The queue settings a job declares (pg-boss keeps its defaults for the rest). */
function queueSettings(job: RegisteredJob | undefined): PgBoss.Queue {
  return {
    name: job?.queue ?? '',
    ...(job?.retryLimit !== undefined ? { retryLimit: job.retryLimit } : {}),
    ...(job?.expireInSeconds !== undefined ? { expireInSeconds: job.expireInSeconds } : {}),
  };
}

function settingsDiffer(stored: PgBoss.QueueResult, wanted: PgBoss.Queue): boolean {
  return (
    (wanted.retryLimit !== undefined && stored.retryLimit !== wanted.retryLimit) ||
    (wanted.expireInSeconds !== undefined && stored.expireInSeconds !== wanted.expireInSeconds)
  );
}

/** A JSON value with its object keys sorted (jsonb does not keep the order they were written in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** Whether the stored schedule already runs this cron (UTC) with this payload. */
function sameSchedule(
  // The row as stored: pg-boss's type leaves out its timezone column.
  stored: (PgBoss.Schedule & { timezone?: string }) | undefined,
  wanted: { cron: string; payload: unknown },
): boolean {
  return (
    stored !== undefined &&
    stored.cron === wanted.cron &&
    (stored.timezone ?? stored.options?.tz) === 'UTC' &&
    canonical(stored.data ?? {}) === canonical(wanted.payload ?? {})
  );
}
