import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, type Server } from '@portico/api';
import { type Config, loadConfig } from '@portico/api/config';
import { DEMO_PASSWORD } from '@portico/api/platform/db/seed/demo-accounts';
import { DEMO_PARTNERS, seedDemoData, seedReferenceData } from '@portico/api/platform/db/seed/index';
import { STATUS_CODE } from '@portico/domain';
import type { FastifyInstance } from 'fastify';
import { signInWithPassword } from '../../apps/api/test/tokens.ts';
import {
  BARE_BOTS_PATH,
  BARE_COUNTRIES_PATH,
  BARE_PARTNER_DETAILS_PATH,
  COUNTRIES_WINDOW,
  startBareServer,
} from './bare.ts';
import { BOTS_WINDOW, seedBenchBots } from './bots.ts';
import { type BenchDatabase, openBenchDatabase } from './database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const BENCH_USER = 'developer@portico.test';
export const PARTNER_DETAILS_PATH = '/api/v1/secure/partner-details';
export const COUNTRIES_PATH = `/api/v1/reference/countries?start=${COUNTRIES_WINDOW.start}&end=${COUNTRIES_WINDOW.end}`;
export const BOTS_PATH = `/api/v1/secure/bots?start=${BOTS_WINDOW.start}&end=${BOTS_WINDOW.end}`;

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** Everything a benchmark measures against, and how to take it down again. */
export interface BenchStack {
  bench: BenchDatabase;
  config: Config;
  server: Server;
  /** The full stack, e.g. http://127.0.0.1:41234 (config.PUBLIC_URL is the same port on localhost). */
  fullUrl: string;
  bare: { app: FastifyInstance; url: string };
  accessToken: string;
  /** A private copy of apps/web/dist that the server serves. */
  webDist: string;
  /** Closes servers and database, removes temp files; safe to call twice. */
  close(): Promise<void>;
}

/** A port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The `sub` of a JWT (not verified here: the server just issued it and verifies it on every request). */
function subjectOf(jwt: string): string {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub?: unknown;
  };
  if (typeof payload.sub !== 'string') throw new Error('the access token names no subject');
  return payload.sub;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Both sides must answer the same thing before their speed is compared. */
async function checkResponses(fullUrl: string, bareUrl: string, token: string): Promise<void> {
  const details = (await getJson(`${fullUrl}${PARTNER_DETAILS_PATH}`, {
    authorization: `Bearer ${token}`,
  })) as {
    status_code: number;
    data: { email?: string } | null;
  };
  if (details.status_code !== STATUS_CODE.success || details.data?.email !== BENCH_USER) {
    throw new Error(`partner details did not answer ${BENCH_USER}'s details: ${JSON.stringify(details)}`);
  }
  const bareDetails = (await getJson(`${bareUrl}${BARE_PARTNER_DETAILS_PATH}`)) as { email?: string };
  if (bareDetails.email !== BENCH_USER)
    throw new Error('the bare partner-details route answered another user');

  const countries = (await getJson(`${fullUrl}${COUNTRIES_PATH}`)) as {
    data: { items: { country_id: string }[]; total: number };
  };
  const bareCountries = (await getJson(`${bareUrl}${BARE_COUNTRIES_PATH}`)) as {
    rows: { countryId: string }[];
    total: number;
  };
  const full = countries.data.items.map((c) => c.country_id).join(',');
  const bare = bareCountries.rows.map((c) => c.countryId).join(',');
  const size = COUNTRIES_WINDOW.end - COUNTRIES_WINDOW.start;
  if (countries.data.items.length !== size || full !== bare || countries.data.total !== bareCountries.total) {
    throw new Error(`the countries windows differ:\n full: ${full}\n bare: ${bare}`);
  }

  const myBots = (await getJson(`${fullUrl}${BOTS_PATH}`, { authorization: `Bearer ${token}` })) as {
    data: { items: { bot_id: string; carriers: unknown[] }[]; total: number };
  };
  const bareBots = (await getJson(`${bareUrl}${BARE_BOTS_PATH}`)) as {
    rows: { botId: string }[];
    total: number;
  };
  const fullIds = myBots.data.items.map((b) => b.bot_id).join(',');
  const bareIds = bareBots.rows.map((b) => b.botId).join(',');
  if (
    myBots.data.items.length !== BOTS_WINDOW.end ||
    fullIds !== bareIds ||
    myBots.data.total !== bareBots.total
  ) {
    throw new Error(`the MY BOTS windows differ:\n full: ${fullIds}\n bare: ${bareIds}`);
  }
}

/**
 * The full server from buildServer with a production-like config on 127.0.0.1 and a free port,
 * listening: NODE_ENV production, LOG_LEVEL warn, the rate limiter active with a limit the bench
 * never reaches, the sandboxes for the networks, payments and mail (SANDBOX=1). `env` adds to or
 * overrides that config (a network's URL, a module's setting). The caller closes the server.
 */
export async function startApiServer(
  bench: BenchDatabase,
  options: { workDir: string; webDist?: string; env?: Record<string, string>; port?: number },
): Promise<{ config: Config; server: Server; url: string }> {
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: 'dataDir' in bench.location ? bench.location.dataDir : options.workDir,
    ...('url' in bench.location ? { DATABASE_URL: bench.location.url } : {}),
    PORTICO_ROLE: process.env.BENCH_PORTICO_ROLE ?? 'all',
    LOG_LEVEL: 'warn',
    // Far above what the bench sends, so it is never limited; the limiter still counts every request.
    RATE_LIMIT_MAX: '1000000000',
    // Without a web build the server answers the API only (it warns once).
    WEB_DIST_DIR: options.webDist ?? path.join(options.workDir, 'no-web-build'),
    // The sandboxes stand in for the networks, the payment provider and mail, as in the tests.
    SANDBOX: '1',
    ...options.env,
  });
  const server = await buildServer({ config, database: bench.database });
  try {
    await server.app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await server.close();
    throw error;
  }
  return { config, server, url: `http://127.0.0.1:${port}` };
}

/**
 * A fresh, seeded database (see database.ts); the full server from buildServer with a production-like
 * config on 127.0.0.1 (LOG_LEVEL warn, the rate limiter active with a limit the bench never reaches);
 * a real access token for the developer through the code + PKCE flow; and the bare baseline server
 * in this same process on the same database handle.
 */
export async function startBenchStack(): Promise<BenchStack> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // The load generator drops its connections mid-request when its time is up; let the server
    // finish those requests before the database goes away.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup failed: ${String(error)}`);
      }
    }
  };

  try {
    // A private copy of the web build, so a rebuild elsewhere cannot change what is served mid-run.
    const work = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-web-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const webDist = path.join(work, 'dist');
    cpSync(WEB_DIST, webDist, { recursive: true });

    log('opening the database');
    const bench = await openBenchDatabase();
    cleanups.push(() => bench.dispose());
    const { database } = bench;
    const reference = await seedReferenceData(database);
    const demo = await seedDemoData(database);
    const bots = await seedBenchBots(database, DEMO_PARTNERS.developer.partnerId);
    log(`seeded ${JSON.stringify({ reference, demo, bots })} on ${bench.description}`);

    const { config, server, url: fullUrl } = await startApiServer(bench, { workDir: work, webDist });
    cleanups.push(() => server.close());
    log(`full stack listening on ${fullUrl}`);

    const { accessToken } = await signInWithPassword(server.app, BENCH_USER, DEMO_PASSWORD, { config });
    const bare = await startBareServer(database.db, subjectOf(accessToken));
    cleanups.push(() => bare.app.close());
    log(`bare route listening on ${bare.url}`);
    await checkResponses(fullUrl, bare.url, accessToken);

    return { bench, config, server, fullUrl, bare, accessToken, webDist, close };
  } catch (error) {
    await close();
    throw error;
  }
}
