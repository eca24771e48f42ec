/**
 * Partner API sends (issue 16, "Benchmark"), part of `npm run bench` or alone
 * (`BENCH_ONLY=partner-api`): sends/s, p50 and p99 through the whole pipeline of the partner API's
 * real HTTP endpoints (bearer token check, validation, the bot and its rate, pricing by the
 * recipient's carrier, the wallet reservation, the connector to the sandbox, settlement) in Google's
 * RBM shape and WhatsApp's Cloud API shape, against the same connectors sending straight to the same
 * sandbox in the same run. Then the metering.settle job charges the sends and the wallet must be
 * exact: charges == debits, nothing reserved or unsettled, one charge per message the server sent.
 *
 * The server is buildServer with the production-like config of stack.ts (PORTICO_ROLE=all, so its
 * job workers run metering.settle as in production), its networks pointed at the sandbox in its own
 * process, the bot's send rate raised out of the way (PARTNER_SEND_RATE_PER_SECOND). The developer,
 * its user and bot are rows of the factories the API tests use; the credential comes from the
 * secure route and the token from the token endpoint, over HTTP; the wallet is funded through the
 * ledger. PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a database of its own),
 * else PGlite.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@portico/api';
import type { Config } from '@portico/api/config';
import type { METERING_QUEUES } from '@portico/api/modules/metering/metering.jobs';
import { createConnectors, resolveNetworks } from '@portico/api/networks/index';
import type { SendMessageRequest } from '@portico/api/networks/types';
import type { JobSender } from '@portico/api/platform/jobs/index';
import { seedModules } from '@portico/api/seed';
import { BOT_STATUS, CHANNEL_TYPE, ROLES, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import Fastify from 'fastify';
import { createFactories } from '../../apps/api/test/factories.ts';
import { createMeteringForTest } from '../../apps/api/test/metering.ts';
import { seedWhatsappCard } from '../../apps/api/test/partner-api.ts';
import { signInWithPassword } from '../../apps/api/test/tokens.ts';
import { type BenchDatabase, openBenchDatabase } from './database.ts';
import { numberFromEnv } from './env.ts';
import { type LoadSummary, runLoad } from './load.ts';
import { startSandbox } from './networks.ts';
import { recipient } from './recipients.ts';
import { addResults, type BenchResult, markdownTable, result, round } from './results.ts';
import { freePort, startApiServer } from './stack.ts';
import { checkWallet, type WalletCheck } from './wallet-check.ts';

/** Measured seconds per shape, each side (the API's endpoint, the connector straight to the sandbox). */
export const SECONDS = numberFromEnv('BENCH_PARTNER_SECONDS', 8);
export const CONNECTIONS = Math.round(numberFromEnv('BENCH_PARTNER_CONNECTIONS', 32));
const WARMUP_SECONDS = 2;
/** The API's measured time in this many alternating slices; the connector's runs before and after. */
const SLICES = 2;
const DB_NAME = 'portico_bench_partner_api';
export const FUNDS = 10n ** 12n;
/** How long the metering.settle job (every minute) may take to charge every send after the load. */
const SETTLE_TIMEOUT_MS = 180_000;
const PASSWORD = 'Bench-partner-api-1!';
export const AGENT_ID = 'bench_partner_agent';
export const PHONE_NUMBER_ID = '100000000000777';
const TEXT = 'Your order has shipped.';
/** India's WhatsApp rate card in the bench (micro-USD per message, by Meta's pricing category). */
const WHATSAPP_PRICES = { marketing: 10_700n, utility: 1_400n, authentication: 1_400n, service: 1_000n };

const log = (line: string) => process.stderr.write(`[bench:partner-api] ${line}\n`);

export type Shape = 'rbm' | 'whatsapp';
const SHAPES: readonly Shape[] = ['rbm', 'whatsapp'];
const SHAPE_LABEL: Record<Shape, string> = {
  rbm: "Google RBM agentMessages (Google's shape)",
  whatsapp: 'WhatsApp Cloud API messages',
};

/** The connector straight to the sandbox: sends/s and latencies of `inFlight` sends at a time. */
interface DirectSide {
  sent: number;
  failures: number;
  seconds: number;
  latencies: number[];
  firstError: string | null;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The developer (a partner with a wallet and one user, its password set), its launched bot on both
 * networks (an RBM agent and a WhatsApp number), the wallet funded through the ledger.
 */
export async function benchDeveloper(
  database: BenchDatabase['database'],
): Promise<{ partnerId: string; userId: string; email: string; botId: string }> {
  const factories = createFactories(database);
  const developer = await factories.account(ROLES.DEVELOPER, { partner: { company: { name: 'Bench Co' } } });
  await factories.setPassword(developer.user.userId, PASSWORD);
  const partnerId = developer.partner.partnerId;
  const { rows } = await database.sql.query<{ bot_id: string }>(
    `INSERT INTO bots (partner_id, created_by, channels, status, name, billing_category, rbm_brand, rbm_agent, whatsapp_phone_number_id)
     VALUES ($1, $2, $3, $4, 'Bench sender', 'BASIC_MESSAGE', 'brands/bench', $5, $6) RETURNING bot_id`,
    [
      partnerId,
      developer.user.userId,
      [CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp],
      BOT_STATUS.launched,
      `brands/bench/agents/${AGENT_ID}`,
      PHONE_NUMBER_ID,
    ],
  );
  const botId = rows[0]?.bot_id;
  if (!botId) throw new Error('the bench bot was not created');
  // WhatsApp is priced by Meta's rate card of the recipient's country (the start seeds none).
  await seedWhatsappCard({ database }, 'IN', WHATSAPP_PRICES);
  await createMeteringForTest(database).ledger.credit({
    partnerId,
    idempotencyKey: 'bench-partner-api-funds',
    amount: FUNDS,
    description: 'bench funds',
  });
  return { partnerId, userId: developer.user.userId, email: developer.user.email, botId };
}

/** As the API page does, over HTTP: a credential from the secure route, then a token from the token endpoint. */
export async function partnerAccessToken(url: string, sessionToken: string, botId: string): Promise<string> {
  const xsrf = randomBytes(32).toString('base64url');
  const issued = await json<{ data: { client_secret: string; credential: { client_id: string } } }>(
    await fetch(`${url}/api/v1/secure/bots/${botId}/credentials`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sessionToken}`,
        cookie: `${XSRF_COOKIE_NAME}=${xsrf}`,
        [XSRF_HEADER_NAME]: xsrf,
      },
    }),
    'creating a credential',
  );
  const { client_secret: secret, credential } = issued.data;
  const token = await json<{ access_token: string; expires_in: number }>(
    await fetch(`${url}/api/v1/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${credential.client_id}:${secret}`).toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    }),
    'the token endpoint',
  );
  if (token.expires_in < 120) throw new Error(`the access token lives ${token.expires_in} s: too short`);
  return token.access_token;
}

/** The bench developer, signed in through the server's own sign-in (code + PKCE), with a partner API token. */
async function partnerWithToken(
  server: Server,
  config: Config,
  bench: BenchDatabase,
  url: string,
): Promise<{ partnerId: string; botId: string; accessToken: string; sessionToken: string }> {
  const { partnerId, email, botId } = await benchDeveloper(bench.database);
  const session = await signInWithPassword(server.app, email, PASSWORD, { config });
  const accessToken = await partnerAccessToken(url, session.accessToken, botId);
  return { partnerId, botId, accessToken, sessionToken: session.accessToken };
}

/** The endpoint of one shape as a templated autocannon target: a new message id and recipient each time. */
export function partnerTarget(shape: Shape, url: string, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  if (shape === 'rbm') {
    return {
      label: 'partner API, RBM',
      url: `${url}/api/v1/partner/rbm/v1/phones/{recipient}/agentMessages?messageId=bench-{run}-{n}&agentId=${AGENT_ID}`,
      headers,
      send: {
        method: 'POST' as const,
        body: JSON.stringify({ contentMessage: { text: TEXT }, messageTrafficType: 'TRANSACTION' }),
      },
      templated: true,
    };
  }
  return {
    label: 'partner API, WhatsApp',
    url: `${url}/api/v1/partner/whatsapp/v21.0/${PHONE_NUMBER_ID}/messages`,
    // Meta's API has no message id: the Idempotency-Key header is ours, one per message.
    headers: { ...headers, 'idempotency-key': 'bench-{run}-{n}' },
    send: {
      method: 'POST' as const,
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '{recipient}',
        type: 'text',
        text: { body: TEXT },
      }),
    },
    templated: true,
  };
}

/**
 * A server's environment with the sandbox on `port` in its own process standing in for Google and
 * Meta: the connectors reach it as they would reach the networks (any bearer token: it has no
 * service account), and the per-bot rate out of the way.
 */
export function sandboxNetworksEnv(port: number): Record<string, string> {
  const networks = `http://127.0.0.1:${port}/sandbox`;
  return {
    RBM_API_URL: `${networks}/rbm`,
    RBM_MANAGEMENT_API_URL: `${networks}/businesscommunications`,
    RBM_API_TOKEN: 'bench',
    RBM_CLIENT_TOKEN: 'sandbox-rbm-client-token',
    WHATSAPP_API_URL: `${networks}/whatsapp/v21.0`,
    WHATSAPP_ACCESS_TOKEN: 'bench',
    WHATSAPP_APP_SECRET: 'sandbox-whatsapp-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'sandbox-whatsapp-verify-token',
    // Meta's 80/s per number would refuse most of the load with 429s; the limiter still counts.
    PARTNER_SEND_RATE_PER_SECOND: '100000',
  };
}

/** The server, its sandbox, the bench developer's bot and token; close() takes it all down. */
export interface PartnerApiStack {
  bench: BenchDatabase;
  config: Config;
  server: Server;
  url: string;
  sandboxPort: number;
  partnerId: string;
  botId: string;
  accessToken: string;
  /** The developer's portal session token (the secure API). */
  sessionToken: string;
  close(): Promise<void>;
}

/**
 * The server on a fresh database with its networks in the sandbox's own process, seeded as the
 * production start seeds (reference data, no demo), and the bench developer with its bot and token.
 */
export async function startPartnerApiStack(
  env: NodeJS.ProcessEnv = process.env,
  options: {
    dbName?: string;
    serverEnv?: Record<string, string>;
    /** The sandbox's behaviour (JSON); given, its receipts go to the server's network-events webhooks. */
    sandboxBehaviour?: string;
  } = {},
): Promise<PartnerApiStack> {
  const cleanups: (() => Promise<void> | void)[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup failed: ${String(error)}`);
      }
    }
  };
  try {
    const work = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-partner-api-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const bench = await openBenchDatabase(env, options.dbName ?? DB_NAME);
    cleanups.push(() => bench.dispose());

    const sandboxPort = await freePort();
    const serverPort = await freePort();
    const sandbox: ChildProcess = await startSandbox(
      sandboxPort,
      options.sandboxBehaviour
        ? {
            SANDBOX_BEHAVIOUR: options.sandboxBehaviour,
            SANDBOX_WEBHOOK_BASE: `http://127.0.0.1:${serverPort}/api/v1/network-events`,
          }
        : {},
    );
    cleanups.push(() => {
      sandbox.kill('SIGTERM');
    });
    const { config, server, url } = await startApiServer(bench, {
      workDir: work,
      port: serverPort,
      env: {
        ...sandboxNetworksEnv(sandboxPort),
        ...options.serverEnv,
      },
    });
    cleanups.push(() => server.close());
    // The production start's seeds (main.ts): every module's reference data, no demo data.
    await seedModules(bench.database, config, { demo: false });
    const { partnerId, botId, accessToken, sessionToken } = await partnerWithToken(
      server,
      config,
      bench,
      url,
    );
    log(`${bench.description}: server on ${url}, sandbox on :${sandboxPort}`);
    return { bench, config, server, url, sandboxPort, partnerId, botId, accessToken, sessionToken, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function benchPartnerSends(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  const stack = await startPartnerApiStack(env);
  try {
    const { bench, config, server, url, partnerId, accessToken } = stack;
    const kind = bench.description.startsWith('postgres') ? 'postgres' : 'pglite';
    // The connectors the server builds, from the same configuration, used straight.
    const connectors = createConnectors(
      resolveNetworks(config.networks, bench.database),
      Fastify({ logger: false }).log,
    );
    let n = 0;
    const direct = async (shape: Shape, ms: number, side: DirectSide) => {
      const connector = connectors.get(shape);
      const sender = shape === 'rbm' ? AGENT_ID : PHONE_NUMBER_ID;
      const started = performance.now();
      const until = Date.now() + ms;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < until) {
            n += 1;
            const request: SendMessageRequest = {
              messageId: `direct-${n}`,
              sender,
              recipient: recipient(n),
              content: { kind: 'text', text: TEXT, suggestions: [] },
            };
            const t0 = performance.now();
            try {
              await connector.send(request);
              side.sent += 1;
              side.latencies.push(performance.now() - t0);
            } catch (error) {
              side.failures += 1;
              side.firstError ??= error instanceof Error ? error.message : String(error);
            }
          }
        }),
      );
      side.seconds += (performance.now() - started) / 1000;
    };

    const measured: Record<Shape, { api: LoadSummary; direct: DirectSide }> = {} as Record<
      Shape,
      { api: LoadSummary; direct: DirectSide }
    >;
    for (const shape of SHAPES) {
      log(
        `${SHAPE_LABEL[shape]}: connector, API (${SLICES} slices after ${WARMUP_SECONDS} s warm-up), connector`,
      );
      const side: DirectSide = { sent: 0, failures: 0, seconds: 0, latencies: [], firstError: null };
      await direct(shape, 1000, { sent: 0, failures: 0, seconds: 0, latencies: [], firstError: null });
      // Connector, API, connector: a drift of the machine's speed falls on both sides alike.
      await direct(shape, (SECONDS * 1000) / 2, side);
      const [api] = await runLoad({
        targets: [partnerTarget(shape, url, accessToken)],
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        slices: SLICES,
        sliceSeconds: SECONDS / SLICES,
      });
      if (!api) throw new Error('the load generator answered no summary');
      await direct(shape, (SECONDS * 1000) / 2, side);
      if (side.failures > 0)
        throw new Error(`the connector failed ${side.failures} sends: ${side.firstError}`);
      measured[shape] = { api, direct: side };
      log(
        `${shape}: API ${round(api.requestsPerSecond, 0)} sends/s (p50 ${api.latencyP50Ms} ms, p99 ${api.latencyP99Ms} ms); connector ${round(side.sent / side.seconds, 0)}/s`,
      );
    }

    // The metering.settle job (every minute, in the server's workers) charges what was sent; once
    // more now, so the wait is the job's run, not the minute.
    // (The server's queue is typed for the platform's queues; this one is the metering module's.)
    await (server.jobs as unknown as JobSender<typeof METERING_QUEUES>).send('metering.settle', {});
    const answered = SHAPES.reduce((sum, s) => sum + measured[s].api.answered2xx, 0);
    const built = SHAPES.reduce((sum, s) => sum + measured[s].api.requestsBuilt, 0);
    const settleStarted = Date.now();
    let wallet: WalletCheck = await checkWallet(bench.database, partnerId, FUNDS);
    while (wallet.unsettled > 0 || wallet.reserved > 0n) {
      if (Date.now() - settleStarted > SETTLE_TIMEOUT_MS)
        throw new Error(
          `settlement did not finish: ${JSON.stringify(wallet, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      wallet = await checkWallet(bench.database, partnerId, FUNDS);
    }
    const settleSeconds = round((Date.now() - settleStarted) / 1000, 1);
    // One charge per message the server sent: every accepted answer is charged, and nothing beyond
    // the requests the load generator made (those cut off at a run's end were still sent).
    const oneEach = wallet.released === 0 && wallet.charged >= answered && wallet.charged <= built;
    const exact = wallet.exact && oneEach;
    const walletLine = `${wallet.charged} messages charged (${answered} answered 2xx, ${built} requests made; ${wallet.released} released), debits ${wallet.debits} == charges ${wallet.charges} micros, reserved ${wallet.reserved}, unsettled ${wallet.unsettled}; settled ${settleSeconds} s after the load`;
    log(`wallet after the run: ${walletLine}: ${exact ? 'exact' : 'NOT EXACT'}`);
    if (!exact) throw new Error(`the wallet is not exact after the partner API sends: ${walletLine}`);

    const results: BenchResult[] = [];
    const rows: string[] = [];
    for (const shape of SHAPES) {
      const { api, direct: side } = measured[shape];
      const sorted = [...side.latencies].sort((a, b) => a - b);
      const directRps = round(side.sent / side.seconds, 0);
      results.push(
        result(
          `partner-api.${kind}.${shape}.sends-per-s`,
          `${SHAPE_LABEL[shape]} sends/s through the partner API (token, validation, rate, price, reserve, connector, settle; ${CONNECTIONS} connections)`,
          round(api.requestsPerSecond, 0),
          // Absolute: with a baseline the report would judge the ratio against it.
          '>= 1000',
        ),
        result(
          `partner-api.${kind}.${shape}.p50-ms`,
          `${shape} send latency p50 (ms)`,
          api.latencyP50Ms,
          'n/a',
        ),
        result(
          `partner-api.${kind}.${shape}.p99-ms`,
          `${shape} send latency p99 (ms)`,
          api.latencyP99Ms,
          '< 50',
        ),
        result(
          `partner-api.${kind}.${shape}.server-cpu-ms`,
          'CPU ms per send of the bench process (the server; PGlite too when it is the database)',
          round(api.serverCpuMsPerRequest, 3),
          'n/a',
        ),
        result(
          `connector.${kind}.${shape}.direct-sends-per-s`,
          `the ${shape} connector straight to the sandbox in the same run, sends/s (${CONNECTIONS} in flight)`,
          directRps,
          'n/a',
        ),
        result(
          `connector.${kind}.${shape}.direct-p99-ms`,
          `the ${shape} connector straight to the sandbox, p99 (ms)`,
          round(percentile(sorted, 99), 2),
          'n/a',
        ),
      );
      rows.push(
        `| ${shape} | partner API | ${round(api.requestsPerSecond, 0)} | ${api.sliceRequestsPerSecond.join(', ')} | ${api.latencyP50Ms} | ${api.latencyP99Ms} | ${api.latencyMaxMs} | ${api.requestsTotal} |`,
        `| ${shape} | connector direct | ${directRps} | - | ${round(percentile(sorted, 50), 2)} | ${round(percentile(sorted, 99), 2)} | ${round(sorted.at(-1) ?? 0, 2)} | ${side.sent} |`,
      );
    }
    results.push(
      result(
        `partner-api.${kind}.wallet-exact`,
        'wallet exact after the run (1 = charges == debits, nothing reserved or unsettled, one charge per message sent)',
        exact ? 1 : 0,
        '>= 1',
      ),
    );
    const details = [
      '### Partner API sends',
      `${bench.description}; the server (buildServer, production config, PORTICO_ROLE=all) in the bench process, the sandbox in its own, autocannon in a child process with ${CONNECTIONS} connections; per shape ${WARMUP_SECONDS} s warm-up then ${SECONDS} s in ${SLICES} slices, the connector straight to the sandbox ${SECONDS / 2} s before and after (${CONNECTIONS} in flight). One bot, a new message id and recipient per request over the seeded Indian carriers and an unknown range; PARTNER_SEND_RATE_PER_SECOND raised to 100000.`,
      '',
      '| shape | side | sends/s | per slice | p50 ms | p99 ms | max ms | measured |',
      '|---|---|---:|---|---:|---:|---:|---:|',
      ...rows,
      '',
      `Wallet after the run (metering.settle job): ${walletLine}.`,
    ].join('\n');
    return { results, details };
  } finally {
    await stack.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchPartnerSends().then(
    ({ results, details }) => {
      addResults(results);
      process.stdout.write(`${markdownTable(results)}\n\n${details}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
