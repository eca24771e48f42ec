import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expect } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/platform/db/index.ts';
import type { LogStream } from '../src/platform/http/logging.ts';
import { createStorage, type Storage } from '../src/platform/storage/index.ts';
import { buildServer, type Server } from '../src/server.ts';
import { openTestDatabase } from './database.ts';
import { type Account, createFactories, type Factories, type Subject } from './factories.ts';
import { mintAccessToken } from './tokens.ts';
import { auditUnitsOfWork } from './unit-of-work-audit.ts';

export interface TestAppOptions {
  /** Environment for loadConfig on top of the test defaults. */
  env?: Record<string, string>;
  extraRoutes?: { api?: FastifyPluginAsyncZod[]; secure?: FastifyPluginAsyncZod[] };
  /** Listen on a free loopback port with PUBLIC_URL set to it (connectors call the mounted sandbox over real HTTP). */
  listen?: boolean;
  /** Wraps the app's file storage (a directory of its own), e.g. to hold its uploads. */
  storage?: (files: Storage) => Storage;
  /** Where the app's log lines go (with env LOG_LEVEL set to what the test reads). */
  logStream?: LogStream;
  /**
   * Whether the audit sends each write route's first writing request with its commit failing first
   * (test/unit-of-work-audit.ts); off only where a test counts what its concurrent requests store.
   */
  failCommits?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  server: Server;
  database: Database;
  config: Config;
  factories: Factories;
  /** A token for a user: the built-in provider's real signing key, its claims. */
  tokenFor(userId: string, claims?: Record<string, unknown>): Promise<string>;
  /** The cached account of a role (created on first use) and its token. */
  accountOf(subject: Subject): Promise<Account & { token: string }>;
  /** app.inject as a user of this role, with the Bearer token and the XSRF pair. */
  injectAs(subject: Subject, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The configuration the tests run with (quiet logs, a generous rate limit, the built-in sandboxes). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SANDBOX: '1',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    PORTICO_ROLE: 'api',
    RATE_LIMIT_MAX: '100000',
    // Test apps run side by side: the Google origin (default PORT + 1) only where a test asks for it.
    PARTNER_GOOGLE_PORT: 'off',
    ...env,
  });
}

/**
 * An environment with every sandbox off (neither DEMO nor SANDBOX): real-looking network URLs on a
 * port nothing answers, Stripe as the payment provider, and SMTP. Nothing here is ever called.
 */
export const WITHOUT_SANDBOX_ENV: Readonly<Record<string, string>> = {
  SANDBOX: '',
  DEMO: '',
  RBM_API_URL: 'http://127.0.0.1:9/rbm',
  RBM_API_TOKEN: 'real-rbm-token',
  RBM_CLIENT_TOKEN: 'real-rbm-client-token',
  MAAP_API_URL: 'http://127.0.0.1:9/maap',
  MAAP_API_TOKEN: 'real-maap-token',
  MAAP_WEBHOOK_TOKEN: 'real-maap-webhook-token',
  WHATSAPP_API_URL: 'http://127.0.0.1:9/whatsapp/v21.0',
  WHATSAPP_ACCESS_TOKEN: 'real-whatsapp-token',
  WHATSAPP_APP_SECRET: 'real-whatsapp-app-secret',
  WHATSAPP_VERIFY_TOKEN: 'real-whatsapp-verify-token',
  SMS_API_URL: 'http://127.0.0.1:9',
  SMS_AUTH_TOKEN: 'real-sms-token',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  STRIPE_SECRET_KEY: 'sk_test_portico_real',
  PAYMENT_WEBHOOK_SECRET: 'whsec_portico_real_secret',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

/** A matching XSRF cookie and header, as the web client sends them on a mutating call. */
export function xsrfHeaders(token = randomBytes(32).toString('base64url')): Record<string, string> {
  return { cookie: `${XSRF_COOKIE_NAME}=${token}`, [XSRF_HEADER_NAME.toLowerCase()]: token };
}

/**
 * The real app on a fresh database of its own (fastify/demo's test helper). Jobs do not run unless
 * the env asks for PORTICO_ROLE all or worker.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await openTestDatabase();
  const port = options.listen ? await freePort() : undefined;
  // Stored files go to a directory of this app's own, removed by close().
  const filesDir = await mkdtemp(path.join(tmpdir(), 'portico-test-files-'));
  const config = testConfig({
    ...(port !== undefined ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    STORAGE_URL: `file://${filesDir}`,
    ...options.env,
  });
  const server = await buildServer({
    config,
    database: testDatabase.database,
    ...(options.storage ? { storage: options.storage(createStorage(config.storage)) } : {}),
    jobPollingIntervalSeconds: 0.5,
    networkBackoffBaseMs: 5,
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  const { app, database } = server;
  await app.ready();
  auditUnitsOfWork(app, database, options.failCommits === false ? undefined : { filesDir });
  if (port !== undefined) await app.listen({ port, host: '127.0.0.1' });
  const factories = createFactories(database);

  const tokenFor = (userId: string, claims: Record<string, unknown> = {}) =>
    mintAccessToken(database, config, { sub: userId, ...claims });

  const accounts = new Map<Subject, Promise<Account & { token: string }>>();
  const accountOf = (subject: Subject) => {
    let account = accounts.get(subject);
    if (!account) {
      account = factories
        .account(subject)
        .then(async (a) => ({ ...a, token: await tokenFor(a.user.userId) }));
      accounts.set(subject, account);
    }
    return account;
  };

  return {
    app,
    server,
    database,
    config,
    factories,
    tokenFor,
    accountOf,
    async injectAs(subject, inject) {
      const { token } = await accountOf(subject);
      return app.inject({
        ...inject,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders(), ...inject.headers },
      });
    },
    async close() {
      await server.close();
      await testDatabase.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface EnvelopeBody {
  status_code: number;
  message: string;
  data: unknown;
}

/** Asserts the response is the JSON envelope with these statuses and returns its body. */
export function expectEnvelope(
  response: LightMyRequestResponse,
  httpStatus: number,
  statusCode: number = httpStatus < 400 ? 10 : 11,
): EnvelopeBody {
  expect(response.statusCode, response.body).toBe(httpStatus);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<EnvelopeBody>();
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status_code']);
  expect(body.status_code).toBe(statusCode);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** The first sheet of an exported workbook as rows of cell values (the header row first). */
export async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const values = book.worksheets[0]?.getSheetValues() ?? [];
  // exceljs numbers rows and cells from 1: the holes before them are dropped.
  return values.filter(Boolean).map((row) => (row as unknown[]).slice(1));
}
