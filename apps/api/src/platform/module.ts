import type { FastifyBaseLogger, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Connectors } from '../networks/index.ts';
import type { AuditService } from './audit/audit.service.ts';
import type { TokenVerifier } from './auth/types.ts';
import type { ModuleConfigSchema, PlatformConfig } from './config.ts';
import type { Database } from './db/index.ts';
import type { OriginRoot } from './http/origin-root.ts';
import type { JobContext, JobLookup, JobSender, QueueDeclarations } from './jobs/index.ts';
import type { PlatformQueues } from './jobs/queues.ts';
import type { Mailer, MailListener } from './mail/index.ts';
import type { PlatformMetrics } from './metrics/metrics.ts';
import type { ReviewService } from './review/review.service.ts';
import type { Storage } from './storage/index.ts';
import type { StoredFiles } from './storage/sweep.ts';
import type { SignedDownloads } from './uploads/signed-downloads.ts';

/**
 * The services modules offer each other, by module name. A module that offers one adds its entry
 * from its own file, by declaration merging:
 *
 *   declare module '../../platform/module.ts' {
 *     interface ModuleServices { wallet: WalletService }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one entry per module.
export interface ModuleServices {}

/** What the platform hands every module when the server is built. */
export interface ModuleContext<Settings, Queues extends QueueDeclarations> {
  /** The platform's settings (PUBLIC_URL, BRAND_NAME, DEMO, networks, ...). */
  config: PlatformConfig;
  /** This module's own settings, parsed from its config schema at start. */
  settings: Settings;
  /** `db` and `sql` join the unit of work the caller runs in (`database.transaction`). */
  database: Database;
  /** Enqueues on this module's queues and the platform's (mail.send), inside the unit of work; asks whether a job will still run. */
  jobs: JobSender<Queues & PlatformQueues> & JobLookup<Queues & PlatformQueues>;
  /** Queues a mail (the mail.send job), inside the unit of work. */
  mail: Mailer;
  /** Registers a listener told of every queued mail, in the mail's unit of work (notifications). */
  onMailQueued(listener: MailListener): void;
  /** Writes security records, inside the unit of work. */
  audit: AuditService;
  /** Decisions on reviewable subjects and their history (state machines from packages/domain). */
  review: ReviewService;
  storage: Storage;
  /** Short-lived signed links for private files (keys under private/). */
  downloads: SignedDownloads;
  connectors: Connectors;
  verifier: TokenVerifier;
  log: FastifyBaseLogger;
  /** The process's Prometheus metrics (GET /metrics): what a module counts, it records here. */
  metrics: PlatformMetrics;
  /** A service of a module listed before this one (throws naming the module when it is missing). */
  use<K extends keyof ModuleServices>(name: K): ModuleServices[K];
  /** A request to this same app, in process (the sandbox payment provider calls our webhook so). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A queue's handler and its options (the queue and its payload schema are declared on the module). */
export interface JobHandler<Payload> {
  /** Must be idempotent: a job can run more than once (retries, a worker dying mid-job). */
  handler: (payload: Payload, context: JobContext) => Promise<void>;
  /** Run on a cron schedule (UTC) with this payload; every instance may declare it, pg-boss keeps one. */
  schedule?: { cron: string; payload: Payload };
  retryLimit?: number;
  expireInSeconds?: number;
  /** Jobs fetched per poll (throughput ~ batch size x workers / polling interval). */
  batchSize?: number;
}

/** One handler for each of the module's queues: the type refuses a module that leaves one out. */
export type JobHandlers<Queues extends QueueDeclarations> = {
  [Q in keyof Queues]: JobHandler<z.output<Queues[Q]>>;
};

/** What a module adds to the app once created. Every part is optional. */
export interface ModuleParts<Queues extends QueueDeclarations> {
  /** Route plugins under /api/v1 (public: no token). */
  publicRoutes?: FastifyPluginAsyncZod[];
  /** Route plugins under the secure prefix; each route declares its policy action (config.action). */
  secureRoutes?: FastifyPluginAsyncZod[];
  /** Route plugins outside /api (a payment provider's pages and webhook). */
  rootRoutes?: FastifyPluginAsync[];
  /** Origins of their own (a second port each) whose root is a prefix of the app's routes. */
  originRoots?: OriginRoot[];
  /** The handlers of the module's queues. */
  jobs?: JobHandlers<Queues>;
  /** The service other modules reach with `use(name)`. */
  service?: unknown;
  /** The stored files it keeps, by key prefix: the daily sweep deletes those it no longer references. */
  storedFiles?: StoredFiles[];
  /**
   * Demo data that goes through the running app (its services, the real connectors to the mounted
   * sandbox, the receipts the sandbox posts back to our webhooks): run with DEMO=1 once the app
   * listens, after every module's `seed.demo`, in module order. Idempotent like the seeds.
   */
  liveDemo?: () => Promise<SeedResult>;
}

/** What a seed step gets: the database (seeds write directly) and the settings. */
export interface SeedContext<Settings> {
  config: PlatformConfig;
  settings: Settings;
  database: Database;
}

/** A seed step's result, logged at start. */
export type SeedResult = Record<string, unknown> | number;

/**
 * An API module: everything it adds to the app, declared in one object. The server registers the
 * list in src/modules.ts in one loop; adding a module touches that list and nothing else shared.
 */
export interface ApiModule<
  Name extends string = string,
  Settings = unknown,
  Queues extends QueueDeclarations = NoQueues,
> {
  name: Name;
  /** The module's slice of the environment, validated with the platform's at start. */
  config?: ModuleConfigSchema<Settings>;
  /** The module's job queues and their payload schemas. */
  queues?: Queues;
  create(context: ModuleContext<Settings, Queues>): ModuleParts<Queues> | Promise<ModuleParts<Queues>>;
  /** Data every instance needs (run at each start, idempotent), and demo data (DEMO=1 only). */
  seed?: {
    reference?: (context: SeedContext<Settings>) => Promise<SeedResult>;
    demo?: (context: SeedContext<Settings>) => Promise<SeedResult>;
  };
}

/** Types a module's object (keeps its name, settings and queues precise). */
export function defineModule<
  const Name extends string,
  Settings = undefined,
  Queues extends QueueDeclarations = NoQueues,
>(module: ApiModule<Name, Settings, Queues>): ApiModule<Name, Settings, Queues> {
  return module;
}

/** The queues of a module that declares none. */
export type NoQueues = Record<never, z.ZodType>;

/** A module with its types erased, as the server's loop sees it. */
// biome-ignore lint/suspicious/noExplicitAny: the loop hands each module the settings and queues it declared.
export type AnyApiModule = ApiModule<string, any, any>;
