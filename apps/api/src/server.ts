import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { type SandboxOptions, sandboxPlugin } from '@portico/sandbox';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createAccountsModule } from './modules/accounts/accounts.module.ts';
import { accountsPublicRoutes } from './modules/accounts/accounts.routes.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { appConfigFrom } from './modules/app-config/app-config.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createHealthService } from './modules/health/health.service.ts';
import {
  NETWORK_EVENTS_PATH,
  networkEventsRoutes,
} from './modules/network-messages/network-events.routes.ts';
import { createNetworkEventsService } from './modules/network-messages/network-events.service.ts';
import { createNetworkMessagesRepository } from './modules/network-messages/network-messages.repository.ts';
import { networkMessagesRoutes } from './modules/network-messages/network-messages.routes.ts';
import { createNetworkMessagesService } from './modules/network-messages/network-messages.service.ts';
import { createPartnersRepository } from './modules/partners/partners.repository.ts';
import { partnersRoutes } from './modules/partners/partners.routes.ts';
import { createPartnersService } from './modules/partners/partners.service.ts';
import { createReferenceDataRepository } from './modules/reference-data/reference-data.repository.ts';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes.ts';
import { createReferenceDataService } from './modules/reference-data/reference-data.service.ts';
import { createWalletModule } from './modules/wallet/index.ts';
import { createConnectors } from './networks/index.ts';
import type { Config } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db/index.ts';
import { errorHandling, type NotFoundFallback } from './platform/http/error-handler.ts';
import { DOCS_PREFIX, openApi, SECURE_PREFIX } from './platform/http/openapi.ts';
import { payloadRequired } from './platform/http/payload.ts';
import { genReqId, REQUEST_ID_HEADER, requestIdHeader } from './platform/http/request-id.ts';
import { type SecureRoute, secureScope } from './platform/http/secure-scope.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/index.ts';
import { purgeExpiredJob } from './platform/jobs/maintenance.jobs.ts';
import { type AppQueues, createAppJobRegistry } from './platform/jobs/queues.ts';
import { enqueueMail } from './platform/mail/index.ts';
import { mailSendJob } from './platform/mail/mail.jobs.ts';
import { createIdentity } from './platform/oidc/index.ts';
import { createCounters } from './platform/security/counters.ts';
import { securityHeaders } from './platform/security/headers.ts';
import { rateLimiting } from './platform/security/rate-limit.ts';
import { createReferenceTokenIssuer } from './platform/security/reference-token.ts';
import { xsrfProtection } from './platform/security/xsrf.ts';
import { filesRoutes } from './platform/storage/files.routes.ts';
import { createStorage, FILES_URL_PREFIX, type Storage } from './platform/storage/index.ts';
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
  /** Extra route plugins for tests: `api` under /api/v1, `secure` under the secure prefix. */
  extraRoutes?: { api?: FastifyPluginAsyncZod[]; secure?: FastifyPluginAsyncZod[] };
  /** First retry backoff of the network connectors (tests shorten it). */
  networkBackoffBaseMs?: number;
  /** Poll interval of job workers (tests shorten it). */
  jobPollingIntervalSeconds?: number;
  /** File storage; when absent, the one STORAGE_URL names. */
  storage?: Storage;
}

export interface Server {
  app: FastifyInstance;
  database: Database;
  /** The job queue; workers run only when PORTICO_ROLE is all or worker. */
  jobs: JobQueue<AppQueues>;
  /** Every route under the secure prefix with its policy action (filled once the app is ready). */
  secureRoutes: SecureRoute[];
  close(): Promise<void>;
}

/** The database a config names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ url: config.DATABASE_URL })
    : openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
}

const isUnder = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/**
 * The composition root: config and database in, a Fastify app out. Plugin order follows
 * fastify/demo: external plugins (security headers, cookies, body parsers, rate limit, OpenAPI),
 * then ours (envelope and errors, XSRF, payload checks), then routes (health, public API, the
 * secure prefix with its auth hook, the identity provider, the sandbox, the web app).
 */
export async function buildServer(options: ServerOptions): Promise<Server> {
  const { config } = options;
  const database = options.database ?? (await openConfiguredDatabase(config));
  const runsApi = config.PORTICO_ROLE !== 'worker';
  const runsJobs = config.PORTICO_ROLE !== 'api';
  const storage = options.storage ?? createStorage(config.storage);

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // ---- wallet ----
  const wallet = await createWalletModule({
    config,
    database,
    mailer: (request) => enqueueMail(jobs, request),
    jobs: () => jobs,
    deliver: async (url, headers, payload) =>
      (await app.inject({ method: 'POST', url, headers, payload })).statusCode,
    log: app.log,
  });
  const registry = createAppJobRegistry()
    .register(purgeExpiredJob(database))
    .register(mailSendJob(database, config))
    .register(wallet.lowBalanceJob);
  const jobs = createJobQueue({
    database,
    registry,
    log: app.log.child({ component: 'jobs' }),
    ...(options.jobPollingIntervalSeconds
      ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds }
      : {}),
  });
  const identity = runsApi ? await createIdentity({ config, database, log: app.log }) : null;
  const secureRoutes: SecureRoute[] = [];
  // The SPA is registered last (after every hook); the not-found handler asks it lazily.
  let webFallback: NotFoundFallback | null = null;

  // External plugins.
  await app.register(requestIdHeader);
  await app.register(securityHeaders, { extraConnectOrigins: externalOrigins(config) });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(rateLimiting, {
    counters: createCounters(database.sql),
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    applies: (request: FastifyRequest) =>
      // Stored files are like the web app's own assets: immutable, cached, not counted.
      (isUnder(request.url, '/api') &&
        !isUnder(request.url, NETWORK_EVENTS_PREFIX) &&
        !isUnder(request.url, FILES_URL_PREFIX)) ||
      isUnder(request.url, OIDC_PREFIX),
  });
  if (runsApi) {
    await app.register(openApi, {
      title: `${config.BRAND_NAME} directory API`,
      version: '1',
      publicUrl: config.PUBLIC_URL,
    });
  }

  // Application plugins.
  await app.register(errorHandling, {
    notFoundFallback: async (request, reply) => (webFallback ? webFallback(request, reply) : false),
  });
  await app.register(xsrfProtection, {
    secure: config.PUBLIC_URL.startsWith('https:'),
    protects: (request) => isUnder(request.url, '/api') && !isUnder(request.url, NETWORK_EVENTS_PREFIX),
  });
  await app.register(payloadRequired);

  // Routes.
  const health = createHealthService({
    database,
    role: config.PORTICO_ROLE,
    jobsStarted: runsJobs ? () => jobs.isStarted() : null,
  });
  await app.register(healthRoutes(health));

  if (runsApi && identity) {
    const partners = createPartnersService({
      repository: createPartnersRepository(database.db),
      referenceTokens: await createReferenceTokenIssuer(database),
    });
    const referenceData = createReferenceDataService(createReferenceDataRepository(database.db));
    const connectors = createConnectors(config.networks, app.log, options.networkBackoffBaseMs);
    const accounts = createAccountsModule({
      connectors,
      config,
      database,
      jobs,
      verifier: identity.verifier,
      log: app.log,
      storage,
    });
    // ---- networks ----
    const networkMessagesRepository = createNetworkMessagesRepository(database.db);
    const networkMessages = createNetworkMessagesService({
      repository: networkMessagesRepository,
      connectors,
    });
    const networkEvents = createNetworkEventsService({
      repository: networkMessagesRepository,
      networks: config.networks,
    });

    await app.register(
      async (api) => {
        await api.register(appConfigRoutes(appConfigFrom(config)));
        await api.register(referenceDataRoutes(referenceData), { prefix: '/reference' });
        await api.register(networkEventsRoutes(networkEvents));
        await api.register(accountsPublicRoutes(accounts.accounts), { prefix: '/accounts' });
        for (const routes of accounts.publicRoutes) await api.register(routes);
        for (const routes of options.extraRoutes?.api ?? []) await api.register(routes);
        await api.register(secureScope, {
          prefix: '/secure',
          verifier: identity.verifier,
          registry: secureRoutes,
          routes: [
            partnersRoutes(partners),
            wallet.secureRoutes,
            networkMessagesRoutes(networkMessages),
            ...accounts.secureRoutes,
            ...(options.extraRoutes?.secure ?? []),
          ],
        });
      },
      { prefix: API_PREFIX },
    );
    await app.register(wallet.paymentRoutes);
    await app.register(filesRoutes(storage), { prefix: FILES_URL_PREFIX });
    await app.register(identity.oidcPlugin, { prefix: OIDC_PREFIX });
    if (accounts.devMailboxRoutes) await app.register(accounts.devMailboxRoutes);
    // The network sandbox stands in for whichever networks have no real URL configured.
    if (usesSandbox(config))
      await app.register(sandboxPlugin, { prefix: SANDBOX_PREFIX, ...sandboxOptions(config) });
  }

  webFallback = await webAppFallback(app, config);

  if (runsJobs) {
    app.addHook('onReady', async () => {
      await jobs.start();
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
    await identity?.close();
  });

  let closed = false;
  return {
    app,
    database,
    jobs,
    secureRoutes,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Serves the built SPA in production (or wherever WEB_DIST_DIR points); in dev Vite serves it. */
async function webAppFallback(app: FastifyInstance, config: Config): Promise<NotFoundFallback | null> {
  if (config.PORTICO_ROLE === 'worker') return null;
  if (config.NODE_ENV !== 'production' && !config.WEB_DIST_DIR) return null;
  return registerWebApp(app, path.resolve(config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR));
}

function usesSandbox(config: Config): boolean {
  const { rbm, maap, whatsapp, sms } = config.networks;
  return [rbm, maap, whatsapp, sms].some((link) => link.sandbox);
}

/** The mounted sandbox posts its events to our own webhooks, signed with the secrets they check. */
function sandboxOptions(config: Config): SandboxOptions {
  const { networks } = config;
  const webhooks = `${config.PUBLIC_URL}${NETWORK_EVENTS_PREFIX}`;
  return {
    mountPath: SANDBOX_PREFIX,
    credentials: {
      rbm: networks.rbm.token,
      maap: networks.maap.token,
      whatsapp: networks.whatsapp.token,
      sms: networks.sms.authToken,
    },
    webhooks: {
      rbm: { url: `${webhooks}/rbm`, clientToken: networks.rbm.clientToken },
      maap: { url: `${webhooks}/maap`, token: networks.maap.webhookToken },
      whatsapp: { url: `${webhooks}/whatsapp`, appSecret: networks.whatsapp.appSecret },
    },
    ...(config.SANDBOX_BEHAVIOUR ? { behaviour: config.SANDBOX_BEHAVIOUR } : {}),
  };
}

/** Origins outside our own that the portal's pages call: an external OpenID provider. */
function externalOrigins(config: Config): string[] {
  const own = new URL(config.PUBLIC_URL).origin;
  const issuer = new URL(config.OIDC_ISSUER).origin;
  return issuer === own ? [] : [issuer];
}

export { DOCS_PREFIX, REQUEST_ID_HEADER, SECURE_PREFIX };
