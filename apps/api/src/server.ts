import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { type SandboxOptions, sandboxPlugin } from '@portico/sandbox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifySchema,
} from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { NETWORK_EVENTS_PATH } from './modules/network-messages/network-events.routes.ts';
import { API_MODULES } from './modules.ts';
import { usesSandbox } from './networks/config.ts';
import {
  createConnectors,
  type ResolvedNetworks,
  resolveNetworks,
  sandboxGoogleOptions,
} from './networks/index.ts';
import { sandboxPersistence } from './networks/sandbox-state.ts';
import { createAuditRepository } from './platform/audit/audit.repository.ts';
import { auditRoutes } from './platform/audit/audit.routes.ts';
import { createAuditService } from './platform/audit/audit.service.ts';
import { createApprovalLookup } from './platform/auth/approval.ts';
import type { Config } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db/index.ts';
import { createBackgroundExports } from './platform/export/background-exports.ts';
import { exportRoutes } from './platform/export/exports.routes.ts';
import { healthRoutes } from './platform/health/health.routes.ts';
import { createHealthService } from './platform/health/health.service.ts';
import { canonicalOrigin } from './platform/http/canonical-origin.ts';
import { errorHandling, type NotFoundFallback } from './platform/http/error-handler.ts';
import { type LogStream, loggerOptions } from './platform/http/logging.ts';
import { DOCS_PREFIX, openApi, SECURE_PREFIX } from './platform/http/openapi.ts';
import { rewriteOriginRootUrl, serveOriginRoots } from './platform/http/origin-root.ts';
import { payloadRequired } from './platform/http/payload.ts';
import { genReqId, REQUEST_ID_HEADER, requestIdHeader } from './platform/http/request-id.ts';
import { type SecureRoute, secureScope } from './platform/http/secure-scope.ts';
import { createJobQueue, type JobQueue, JobRegistry, type QueueDeclarations } from './platform/jobs/index.ts';
import { purgeExpiredJob } from './platform/jobs/maintenance.jobs.ts';
import { defineJob, PLATFORM_QUEUES, type PlatformQueues } from './platform/jobs/queues.ts';
import { devMailboxRoutes } from './platform/mail/dev-mailbox.routes.ts';
import { createMailer, type MailListener } from './platform/mail/index.ts';
import { mailSendJob } from './platform/mail/mail.jobs.ts';
import { createDevMailboxRepository } from './platform/mail/mail.repository.ts';
import { httpMetrics, METRICS_PATH, metricsRoutes } from './platform/metrics/metrics.routes.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import type { AnyApiModule, ModuleParts, ModuleServices, SeedResult } from './platform/module.ts';
import { createIdentity } from './platform/oidc/index.ts';
import { rotateKeysJob } from './platform/oidc/keys.jobs.ts';
import { createReviewRepository } from './platform/review/review.repository.ts';
import { createReviewService } from './platform/review/review.service.ts';
import { createCounters } from './platform/security/counters.ts';
import { securityHeaders } from './platform/security/headers.ts';
import { rateLimiting } from './platform/security/rate-limit.ts';
import { xsrfProtection } from './platform/security/xsrf.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import { createStorage, FILES_URL_PREFIX, type Storage } from './platform/storage/index.ts';
import { sweepOrphanedFiles } from './platform/storage/sweep.ts';
import { signedDownloadRoutes } from './platform/uploads/downloads.routes.ts';
import { createSignedDownloads, SIGNED_DOWNLOAD_PREFIX } from './platform/uploads/signed-downloads.ts';
import { DEFAULT_WEB_DIST_DIR, registerWebApp } from './platform/web/static.ts';

export const API_PREFIX = '/api/v1';
export const REFERENCE_PREFIX = `${API_PREFIX}/reference`;
export const OIDC_PREFIX = '/oidc';
export const SANDBOX_PREFIX = '/sandbox';
/** Webhooks the networks call: signed by the network, so no XSRF pair and no per-IP rate limit. */
export const NETWORK_EVENTS_PREFIX = `${API_PREFIX}${NETWORK_EVENTS_PATH}`;
/** Largest JSON/text/form body (multipart uploads set their own limits). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface ServerOptions {
  config: Config;
  /** An open, migrated database; when absent one is opened from the config (and closed by close()). */
  database?: Database;
  /** The modules to build (default: API_MODULES). */
  modules?: readonly AnyApiModule[];
  /** Extra route plugins for tests: `api` under /api/v1, `secure` under the secure prefix. */
  extraRoutes?: { api?: FastifyPluginAsyncZod[]; secure?: FastifyPluginAsyncZod[] };
  /** First retry backoff of the network connectors (tests shorten it). */
  networkBackoffBaseMs?: number;
  /** Poll interval of job workers (tests shorten it). */
  jobPollingIntervalSeconds?: number;
  /** File storage; when absent, the one STORAGE_URL names. */
  storage?: Storage;
  /** Where log lines go (tests read them); standard output when absent. */
  logStream?: LogStream;
}

export interface Server {
  app: FastifyInstance;
  database: Database;
  /** The job queue (typed for the platform's queues; each module sends to its own); workers run only when PORTICO_ROLE is all or worker. */
  jobs: JobQueue<PlatformQueues>;
  /** Every route under the secure prefix with its policy action (filled once the app is ready). */
  secureRoutes: SecureRoute[];
  /**
   * With DEMO=1, once listening: the modules' demo data that goes through the running app
   * (ModuleParts.liveDemo); /readyz answers not ready until it settles.
   */
  seedLiveDemo(log?: FastifyBaseLogger): Promise<Record<string, SeedResult>>;
  /**
   * The process is stopping: /readyz answers not ready and every answer closes its connection, while
   * requests are still served (main.ts waits SHUTDOWN_DRAIN_MS, then closes).
   */
  drain(): void;
  /** Reads the identity provider's keys again now (each instance also does so every minute). */
  reloadIdentityKeys(): Promise<boolean>;
  /** Every route with its schema and config (the security suite fuzzes each one's schema). */
  routes: RegisteredRoute[];
  close(): Promise<void>;
}

/** A route as registered: its method(s), full URL pattern, zod schema and config. */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  schema?: FastifySchema | undefined;
  config?: FastifyContextConfig | undefined;
}

/** The database a config names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ url: config.DATABASE_URL })
    : openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
}

/** Every queue: the platform's and each module's (a name declared twice is refused). */
function declaredQueues(modules: readonly AnyApiModule[]): QueueDeclarations {
  const queues: QueueDeclarations = { ...PLATFORM_QUEUES };
  for (const module of modules) {
    for (const [name, payload] of Object.entries((module.queues ?? {}) as QueueDeclarations)) {
      if (Object.hasOwn(queues, name))
        throw new Error(`Job queue "${name}" is declared twice (${module.name})`);
      queues[name] = payload;
    }
  }
  return queues;
}

/**
 * The composition root: config and database in, a Fastify app out. The platform (database, jobs,
 * mail, audit, identity, connectors, storage) is built first; then each module of the list in
 * src/modules.ts is created with it and its parts registered in one loop. Plugin order follows
 * fastify/demo: external plugins, then ours (envelope and errors, XSRF, payload checks), then routes.
 */
export async function buildServer(options: ServerOptions): Promise<Server> {
  const { config } = options;
  const modules = options.modules ?? API_MODULES;
  const database = options.database ?? (await openConfiguredDatabase(config));
  const runsApi = config.PORTICO_ROLE !== 'worker';
  const runsJobs = config.PORTICO_ROLE !== 'api';
  const storage = options.storage ?? createStorage(config.storage);

  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    genReqId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // On SIGTERM (main.ts) the listener stops taking connections and idle keep-alive ones are closed;
    // a request that has already arrived is served to the end, not answered 503.
    return503OnClosing: false,
    // A request that came in on a module's origin root (second port) is routed under its prefix.
    rewriteUrl: rewriteOriginRootUrl,
  });
  // Draining (SIGTERM, main.ts): each answer closes its connection, so a client or balancer that
  // keeps connections alive opens its next one elsewhere instead of reusing one this process closes.
  let draining = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    registeredRoutes.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
    });
  });

  // The platform every module is built with.
  const registry = new JobRegistry(declaredQueues(modules))
    .register(purgeExpiredJob(database))
    .register(mailSendJob(database, config));
  // The process's one metrics registry (GET /metrics); the queue figures come from pg-boss on scrape.
  const metrics = createMetrics({
    database,
    boss: () => jobs.boss(),
    processMetrics: config.METRICS_TOKEN !== undefined,
  });
  const jobs = createJobQueue({
    database,
    registry,
    log: app.log.child({ component: 'jobs' }),
    metrics,
    ...(options.jobPollingIntervalSeconds
      ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds }
      : {}),
  });
  // Modules add listeners at creation (notifications); the mailer reads the list on every mail.
  const mailListeners: MailListener[] = [];
  const mail = createMailer(jobs, mailListeners);
  const audit = createAuditService(createAuditRepository(database.db), app.log.child({ component: 'audit' }));
  const review = createReviewService({ database, repository: createReviewRepository(database.db), mail });
  const identity = await createIdentity({ config, database, audit, log: app.log });
  if (config.builtInOidc) registry.register(rotateKeysJob(database, identity.reloadKeys));
  else registry.registerErased('identity.rotate-keys', { handler: async () => {} });
  const networks = resolveNetworks(config.networks, database);
  const connectors = createConnectors(networks, app.log, options.networkBackoffBaseMs, metrics.connectors);
  const downloads = await createSignedDownloads(database);
  const backgroundExports = createBackgroundExports({
    storage,
    downloads,
    log: app.log.child({ component: 'exports' }),
  });
  app.decorate('backgroundExports', backgroundExports);

  const parts = await createModules(modules, config.modules, {
    config,
    database,
    jobs,
    mail,
    onMailQueued: (listener) => mailListeners.push(listener),
    audit,
    review,
    storage,
    downloads,
    connectors,
    verifier: identity.verifier,
    log: app.log,
    metrics,
    inject: (request) => app.inject(request),
  });
  registry.register(
    defineJob(PLATFORM_QUEUES, {
      queue: 'storage.sweep-orphans',
      schedule: { cron: '41 2 * * *', payload: {} },
      retryLimit: 2,
      handler: async (_payload, { log }) => {
        const declared = [
          ...parts.flatMap(({ parts: moduleParts }) => moduleParts.storedFiles ?? []),
          backgroundExports.storedFiles,
        ];
        log.info(await sweepOrphanedFiles(storage, declared, log), 'stored files swept');
      },
    }),
  );
  for (const { module, parts: moduleParts } of parts) {
    for (const [queue, handler] of Object.entries(moduleParts.jobs ?? {})) {
      registry.registerErased(
        queue,
        handler as Parameters<JobRegistry<QueueDeclarations>['registerErased']>[1],
      );
    }
    if (moduleParts.jobs) app.log.debug({ module: module.name }, 'module jobs registered');
  }

  const secureRoutes: SecureRoute[] = [];
  // The SPA is registered last (after every hook); the not-found handler asks it lazily.
  let webFallback: NotFoundFallback | null = null;

  // External plugins.
  await app.register(requestIdHeader);
  await app.register(httpMetrics, { metrics });
  await app.register(canonicalOrigin, {
    publicUrl: config.PUBLIC_URL,
    exempt: ['/api', '/healthz', '/readyz', METRICS_PATH, '/payments/webhooks', SANDBOX_PREFIX, '/dev'],
  });
  await app.register(securityHeaders, {
    extraConnectOrigins: externalOrigins(config),
    privatePrefixes: [SECURE_PREFIX],
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(rateLimiting, {
    counters: createCounters(database.sql),
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    // Routes inside that are not counted say so (config.rateLimit: false): the networks' webhooks,
    // and stored files, which are like the web app's own assets (immutable, cached).
    prefixes: ['/api', OIDC_PREFIX],
  });
  if (runsApi) {
    await app.register(openApi, {
      title: `${config.BRAND_NAME} directory API`,
      version: '1',
      publicUrl: config.PUBLIC_URL,
      brandName: config.BRAND_NAME,
      partnerGoogleUrl: partnerGoogleUrlOf(config) ?? undefined,
    });
  }

  // Application plugins.
  await app.register(errorHandling, {
    notFoundFallback: async (request, reply) => (webFallback ? webFallback(request, reply) : false),
  });
  await app.register(xsrfProtection, {
    secure: config.PUBLIC_URL.startsWith('https:'),
    // The networks' signed webhooks opt out (config.xsrf: false).
    prefixes: ['/api'],
  });
  await app.register(payloadRequired);

  // Routes.
  const health = createHealthService({
    database,
    role: config.PORTICO_ROLE,
    jobsStarted: runsJobs ? () => jobs.isStarted() : null,
  });
  await app.register(healthRoutes(health));
  await app.register(metricsRoutes(metrics, config.METRICS_TOKEN));

  if (runsApi) {
    await app.register(
      async (api) => {
        for (const { parts: moduleParts } of parts) {
          for (const routes of moduleParts.publicRoutes ?? []) await api.register(routes);
        }
        for (const routes of options.extraRoutes?.api ?? []) await api.register(routes);
        await api.register(secureScope, {
          prefix: '/secure',
          verifier: identity.verifier,
          registry: secureRoutes,
          approvalOf: createApprovalLookup(database.db),
          routes: [
            auditRoutes(audit),
            exportRoutes(backgroundExports),
            ...parts.flatMap(({ parts: moduleParts }) => moduleParts.secureRoutes ?? []),
            ...(options.extraRoutes?.secure ?? []),
          ],
        });
      },
      { prefix: API_PREFIX },
    );
    for (const { parts: moduleParts } of parts) {
      for (const routes of moduleParts.rootRoutes ?? []) await app.register(routes);
    }
    const originRoots = parts.flatMap(({ parts: moduleParts }) => moduleParts.originRoots ?? []);
    if (originRoots.length > 0) serveOriginRoots(app, originRoots, config.HOST);
    await app.register(signedDownloadRoutes({ storage, downloads }), { prefix: SIGNED_DOWNLOAD_PREFIX });
    await app.register(filesRoutes(storage), { prefix: FILES_URL_PREFIX });
    await app.register(identity.oidcPlugin, { prefix: OIDC_PREFIX });
    // Mail is kept in the dev mailbox without SMTP_URL; it is shown only with DEMO=1 or SANDBOX=1.
    if (!config.SMTP_URL && config.sandboxAllowed) {
      await app.register(devMailboxRoutes(createDevMailboxRepository(database.db), config.BRAND_NAME));
    }
    // The network sandbox stands in for whichever networks have no real URL: only with DEMO=1 or
    // SANDBOX=1 (the configuration refuses an unset network URL otherwise).
    if (config.sandboxAllowed && usesSandbox(config.networks)) {
      await app.register(sandboxPlugin, {
        prefix: SANDBOX_PREFIX,
        ...sandboxOptions(config, networks),
        persistence: sandboxPersistence(database),
      });
    }
  }

  webFallback = await webAppFallback(app, config);

  // Jobs are enqueued inside use-case transactions, so the queue is open before the first request.
  app.addHook('onReady', async () => {
    if (runsJobs) await jobs.start();
    else await jobs.openForSending();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await identity.close();
  });

  let closed = false;
  return {
    app,
    database,
    // The registry holds every queue; outside the modules only the platform's are sent to by name.
    jobs: jobs as unknown as JobQueue<PlatformQueues>,
    secureRoutes,
    seedLiveDemo(log) {
      const seeding = (async () => {
        const results: Record<string, SeedResult> = {};
        for (const { module, parts: moduleParts } of parts) {
          if (!moduleParts.liveDemo) continue;
          results[module.name] = await moduleParts.liveDemo();
          log?.info({ module: module.name, demo: results[module.name] }, 'live demo data seeded');
        }
        return results;
      })();
      // Not ready until it is done (the journeys' server waits on /readyz), whether it succeeds or not.
      health.demoSeeding(seeding);
      return seeding;
    },
    drain() {
      draining = true;
      health.drain();
    },
    reloadIdentityKeys: () => identity.reloadKeys(),
    routes: registeredRoutes,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

type PlatformContext = Omit<Parameters<AnyApiModule['create']>[0], 'settings' | 'use'>;

/** Creates each module in list order, handing it the platform and the services of those before it. */
async function createModules(
  modules: readonly AnyApiModule[],
  settings: Config['modules'],
  platform: PlatformContext,
): Promise<{ module: AnyApiModule; parts: ModuleParts<QueueDeclarations> }[]> {
  const services = new Map<string, unknown>();
  const created: { module: AnyApiModule; parts: ModuleParts<QueueDeclarations> }[] = [];
  for (const module of modules) {
    const use = <K extends keyof ModuleServices>(name: K): ModuleServices[K] => {
      if (!services.has(name)) {
        throw new Error(
          `Module "${module.name}" uses "${String(name)}": list "${String(name)}" before it in src/modules.ts`,
        );
      }
      return services.get(name) as ModuleServices[K];
    };
    const parts = await module.create({
      ...platform,
      settings: settings[module.name],
      use,
    });
    if (parts.service !== undefined) services.set(module.name, parts.service);
    created.push({ module, parts });
  }
  return created;
}

/** Serves the built SPA in production (or wherever WEB_DIST_DIR points); in dev Vite serves it. */
async function webAppFallback(app: FastifyInstance, config: Config): Promise<NotFoundFallback | null> {
  if (config.PORTICO_ROLE === 'worker') return null;
  if (config.NODE_ENV !== 'production' && !config.WEB_DIST_DIR) return null;
  return registerWebApp(app, path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR));
}

/** The mounted sandbox posts its events to our own webhooks, signed with the secrets they check. */
function sandboxOptions(config: Config, networks: ResolvedNetworks): SandboxOptions {
  const webhooks = `${config.PUBLIC_URL}${NETWORK_EVENTS_PREFIX}`;
  const { rbmToken, ...google } = sandboxGoogleOptions(networks);
  return {
    mountPath: SANDBOX_PREFIX,
    ...google,
    credentials: {
      ...(rbmToken !== undefined ? { rbm: rbmToken } : {}),
      maap: networks.maap.token,
      whatsapp: networks.whatsapp.token,
      sms: networks.sms.authToken,
    },
    webhooks: {
      rbm: { url: `${webhooks}/rbm`, clientToken: networks.rbm.clientToken },
      maap: { url: `${webhooks}/maap`, token: networks.maap.webhookToken },
      whatsapp: { url: `${webhooks}/whatsapp`, appSecret: networks.whatsapp.appSecret },
    },
    ...(networks.sandboxBehaviour ? { behaviour: networks.sandboxBehaviour } : {}),
  };
}

/** The URL partners give Google's clients (partner-credentials' setting; decision 0027), if any. */
export function partnerGoogleUrlOf(config: Config): string | null {
  const settings = config.modules['partner-credentials'] as
    | { googleOrigin?: { url: string | null } }
    | undefined;
  return settings?.googleOrigin?.url ?? null;
}

/** Origins outside our own that the portal's pages call: an external OpenID provider. */
function externalOrigins(config: Config): string[] {
  const own = new URL(config.PUBLIC_URL).origin;
  const issuer = new URL(config.OIDC_ISSUER).origin;
  return issuer === own ? [] : [issuer];
}

export { DOCS_PREFIX, REQUEST_ID_HEADER, SECURE_PREFIX };
