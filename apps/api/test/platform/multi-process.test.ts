import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOT_STATUS, CHANNEL_TYPE, ROLES, ZIssuedPartnerCredential, ZTemplate } from '@portico/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bots } from '../../src/modules/bots/bots.schema.ts';
import { seedCarrierPrefixes } from '../../src/modules/metering/metering.seed.ts';
import { type Database, openDatabase } from '../../src/platform/db/index.ts';
import { databaseUrl, withAdmin } from '../database.ts';
import { createFactories } from '../factories.ts';
import { freePort, testConfig, xsrfHeaders } from '../helpers.ts';
import { createLedgerForTest } from '../ledger.ts';
import { mintAccessToken, signInWithPassword } from '../tokens.ts';

/**
 * Scale-out (issue 30): two `api` and two `worker` processes of the production build (dist/main.js,
 * `npm run build`) on one fresh PostgreSQL database, behind a round-robin proxy as a load balancer
 * would put them. A sign-in through the proxy works on either process; the partner API's per-bot
 * rate limit holds over both and the wallet is exact; mail, webhook and launch jobs queued through
 * either process run once each on one worker; a campaign's dispatch killed with -9 on one
 * worker is finished by the other, each recipient sent and charged once; a rolling restart of both
 * api processes under load fails no request. PostgreSQL only (PGlite is one process by nature).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = path.join(root, 'apps/api/dist/main.js');
/** On every PostgreSQL pass of the API suite (~75 s on a quiet machine; `npm test` builds first). */
const onPostgres = inject('testDatabase').kind === 'postgres';

const PASSWORD = 'Scale-Out!2026';
/** Sends per second per bot (PARTNER_SEND_RATE_PER_SECOND). */
const RATE = 12;
const PRICE = 3_000n;
const FUNDS = 10_000_000n;
/** The campaign: recipients and the pace (sends per second per sender) that makes it last a few seconds. */
const CAMPAIGN_RECIPIENTS = 240;
const CAMPAIGN_PACE = 30;
/** campaigns.service.ts's advisory lock space of dispatches. */
const CAMPAIGN_DISPATCH_LOCK = 740_121_003;

type Role = 'api' | 'worker';
interface Proc {
  name: string;
  role: Role;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: string[];
}

let serverUrl: string;
let dbName: string;
let dbUrl: string;
let dataDir: string;
let proxy: http.Server;
let healthCheck: NodeJS.Timeout | undefined;
let publicUrl: string;
const procs = new Map<string, Proc>();
let database: Database;
let backends: { port: number; up: boolean }[] = [];
/** Requests the proxy forwarded to each backend port. */
const forwarded = new Map<number, number>();

function envOf(role: Role, port: number, name: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    SANDBOX: '1',
    PORTICO_ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: dbUrl,
    DATA_DIR: path.join(dataDir, name),
    STORAGE_URL: `file://${path.join(dataDir, 'files')}`,
    LOG_LEVEL: 'warn',
    PARTNER_GOOGLE_PORT: 'off',
    RATE_LIMIT_MAX: '1000000',
    PARTNER_SEND_RATE_PER_SECOND: String(RATE),
    CAMPAIGN_PACE_RBM: String(CAMPAIGN_PACE),
    CAMPAIGN_BATCH: '20',
    SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false }, receipts: false }),
    PGAPPNAME: `portico-${name}`,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // The mounted sandbox is per process (its issued Google tokens too): a static RBM token works on each.
    RBM_API_TOKEN: 'multi-process-rbm-token',
  };
  return env;
}

async function start(name: string, role: Role, port: number): Promise<Proc> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: envOf(role, port, name),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc = { name, role, port, child, exited, output };
  procs.set(name, proc);
  await ready(proc);
  return proc;
}

async function ready(proc: Proc, timeoutMs = 150_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => {
    exitCode = code;
  });
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`${proc.name} exited (${exitCode}) before it was ready:\n${proc.output.join('')}`);
    try {
      const response = await fetch(`http://127.0.0.1:${proc.port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${proc.name} not ready:\n${proc.output.join('')}`);
    await sleep(200);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often the balancer asks each api process's /readyz, and how long a stopping one drains. */
const HEALTH_CHECK_MS = 100;
const DRAIN_MS = 2_000;

/**
 * The load balancer: round robin over the api processes whose /readyz last answered 200 (checked
 * every HEALTH_CHECK_MS, as a balancer's health check does), one upstream connection per request.
 * A stopping process answers not ready for SHUTDOWN_DRAIN_MS while it still serves, so it is out of
 * the rotation before it stops listening. A backend that refuses the connection (stopped, or not yet
 * started) is skipped and the request goes to the next: it never reached a process, so trying again
 * is safe, as nginx's proxy_next_upstream error does. Nothing else is retried: a connection reset
 * before an answer is a 502 the test counts as a failure (the fault decision 0056 fixed).
 */
function startProxy(): Promise<number> {
  let next = 0;
  const check = async () => {
    await Promise.all(
      backends.map(async (backend) => {
        try {
          const response = await fetch(`http://127.0.0.1:${backend.port}/readyz`, {
            signal: AbortSignal.timeout(2_000),
          });
          await response.arrayBuffer();
          backend.up = response.ok;
        } catch {
          backend.up = false;
        }
      }),
    );
    if (proxy.listening) healthCheck = setTimeout(() => void check(), HEALTH_CHECK_MS);
  };
  proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next++;
      const attempt = (tried: number) => {
        if (tried >= backends.length * 30) {
          response.writeHead(502).end('no backend');
          return;
        }
        // The ready ones in turn; when none is ready, every one (as nginx does with all marked down).
        const ready = backends.filter((b) => b.up);
        const pool = ready.length > 0 ? ready : backends;
        const backend = pool[(first + tried) % pool.length];
        if (!backend) return;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: backend.port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, connection: 'close' },
            agent: false,
          },
          (answer) => {
            forwarded.set(backend.port, (forwarded.get(backend.port) ?? 0) + 1);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // Each backend in turn; after a round where none took it, a short pause.
          if (error.code === 'ECONNREFUSED')
            return void setTimeout(() => attempt(tried + 1), (tried + 1) % pool.length === 0 ? 100 : 0);
          if (!response.headersSent) response.writeHead(502).end(`upstream error ${error.code}`);
          else response.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      void check();
      resolve((proxy.address() as AddressInfo).port);
    }),
  );
}

/** Fastify's inject over real HTTP to a base URL (through the proxy, or one process), for the sign-in helper. */
function httpApp(base: string): FastifyInstance {
  const injectOver = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(options.headers ?? {}))
      if (v !== undefined) headers.set(k, String(v));
    const response = await fetch(`${base}${options.url as string}`, {
      method: options.method ?? 'GET',
      headers,
      redirect: 'manual',
      ...(options.payload !== undefined
        ? {
            body: typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload),
          }
        : {}),
    });
    const body = await response.text();
    const cookies = response.headers.getSetCookie().map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const cookie: { name: string; value: string; path?: string; maxAge?: number; expires?: Date } = {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
      };
      for (const attribute of attributes) {
        const [key = '', value = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') cookie.path = value;
        if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
        if (key.toLowerCase() === 'expires') cookie.expires = new Date(value);
      }
      return cookie;
    });
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body,
      cookies,
      json: () => JSON.parse(body),
    } as unknown as LightMyRequestResponse;
  };
  return { inject: injectOver } as unknown as FastifyInstance;
}

async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: { data?: unknown; message?: string } & Record<string, unknown> }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...xsrfHeaders(),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

const direct = (name: string) => `http://127.0.0.1:${procs.get(name)?.port}`;

async function spendable(partnerId: string): Promise<bigint> {
  const { rows } = await database.sql.query<{ spendable: string }>(
    `SELECT (balance - reserved)::text AS spendable FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'`,
    [partnerId],
  );
  return BigInt(rows[0]?.spendable ?? 0);
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(250);
  }
}

let developer: { partnerId: string; userId: string; email: string };
let adminToken: string;
let developerToken: string;
let botId: string;
let partnerToken: string;
let sendsAccepted = 0;

async function insertBot(partnerId: string, agent: string): Promise<string> {
  const [row] = await database.db
    .insert(bots)
    .values({
      partnerId,
      channels: [CHANNEL_TYPE.rcs],
      status: 10,
      name: `Bot ${agent}`,
      billingCategory: 'BASIC_MESSAGE',
      messageCategory: 'Transactional',
      rbmBrand: 'brands/scale',
      rbmAgent: `brands/scale/agents/${agent}`,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row.botId;
}

describe.skipIf(!onPostgres)('two api and two worker processes on one PostgreSQL', () => {
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
    const spec = inject('testDatabase');
    if (spec.kind !== 'postgres') return;
    serverUrl = spec.serverUrl;
    dbName = `portico_mp_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${dbName}`));
    dbUrl = databaseUrl(serverUrl, dbName);
    dataDir = mkdtempSync(path.join(tmpdir(), 'portico-mp-'));
    const proxyPort = await startProxy();
    publicUrl = `http://127.0.0.1:${proxyPort}`;
    const [a1, a2, w1, w2] = [await freePort(), await freePort(), await freePort(), await freePort()];
    backends = [
      { port: a1, up: true },
      { port: a2, up: true },
    ];
    // All four at once on the empty database: one migrates under the advisory lock, the others wait.
    await Promise.all([
      start('api1', 'api', a1),
      start('api2', 'api', a2),
      start('worker1', 'worker', w1),
      start('worker2', 'worker', w2),
    ]);

    database = await openDatabase({ url: dbUrl, poolSize: 4 });
    const factories = createFactories(database);
    const config = testConfig({ PUBLIC_URL: publicUrl });
    const account = await factories.account(null);
    await factories.setPassword(account.user.userId, PASSWORD);
    developer = {
      partnerId: account.partner.partnerId,
      userId: account.user.userId,
      email: account.user.email,
    };
    const admin = await factories.account(ROLES.ADMIN_PORTICO_READWRITE);
    adminToken = await mintAccessToken(database, config, { sub: admin.user.userId });

    await seedCarrierPrefixes(database);
    const airtel = await factories.carrierId('Bharti Airtel', 'IN');
    const { rows } = await database.sql.query<{ rate_plan_id: number }>(
      `INSERT INTO rate_plans (carrier_id, plan_code, partner_code, currency, effective_from, verification_price)
       VALUES ($1, 'MPG02', 'DG', 'USD', now() - interval '1 day', 1) RETURNING rate_plan_id`,
      [airtel],
    );
    await database.sql.query(
      `INSERT INTO rate_plan_prices (rate_plan_id, billing_category, message_type, price)
       VALUES ($1, 'BASIC_MESSAGE', 'Transactional', $2)`,
      [rows[0]?.rate_plan_id, PRICE.toString()],
    );
    await createLedgerForTest(database).credit({
      partnerId: developer.partnerId,
      idempotencyKey: 'fund',
      amount: FUNDS,
      description: 'Top-up',
    });
    botId = await insertBot(developer.partnerId, 'scale_out');
  }, 240_000);

  afterAll(async () => {
    for (const proc of procs.values()) proc.child.kill('SIGKILL');
    await Promise.all([...procs.values()].map((p) => p.exited));
    await database?.close();
    clearTimeout(healthCheck);
    await new Promise((resolve) => proxy?.close(resolve));
    if (serverUrl && dbName)
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('when every process started at once on an empty database then the migrations ran once and each is ready', async () => {
    const { rows } = await database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const journal = JSON.parse(
      readFileSync(path.join(root, 'apps/api/drizzle/meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    expect(rows[0]?.n).toBe(journal.entries.length);
    for (const proc of procs.values()) expect((await fetch(`${direct(proc.name)}/readyz`)).status).toBe(200);
  });

  it('when a user signs in through the balancer then every later call works through either process, and a sign-out on one ends it on both', async () => {
    const signedIn = await signInWithPassword(httpApp(publicUrl), developer.email, PASSWORD);
    developerToken = signedIn.accessToken;
    for (const base of [publicUrl, publicUrl, direct('api1'), direct('api2')]) {
      const details = await call(base, developerToken, 'GET', '/api/v1/secure/partner-details');
      expect(details.status, JSON.stringify(details.body)).toBe(200);
    }
    // A second session, signed out through api1: api2 refuses it too.
    const second = await signInWithPassword(httpApp(direct('api2')), developer.email, PASSWORD);
    expect(
      (await call(direct('api2'), second.accessToken, 'GET', '/api/v1/secure/partner-details')).status,
    ).toBe(200);
    const revoked = await fetch(`${direct('api1')}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: second.accessToken,
        token_type_hint: 'access_token',
        client_id: 'portico-web',
      }),
    });
    expect(revoked.status).toBe(200);
    const refused = await waitFor(
      'the other process to refuse the revoked token',
      async () =>
        (await call(direct('api2'), second.accessToken, 'GET', '/api/v1/secure/partner-details')).status,
      (status) => status === 401,
      2_000,
    );
    expect(refused).toBe(401);
    // The first session is untouched.
    expect((await call(direct('api2'), developerToken, 'GET', '/api/v1/secure/partner-details')).status).toBe(
      200,
    );
  });

  it('when partner sends are spread over both processes then the per-bot rate holds over both and the wallet is exact', async () => {
    // The credential issued through api2, the token through the balancer.
    const created = await call(
      direct('api2'),
      developerToken,
      'POST',
      `/api/v1/secure/bots/${botId}/credentials`,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { client_secret, credential } = ZIssuedPartnerCredential.parse(created.body.data);
    const token = await fetch(`${publicUrl}/api/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credential.client_id,
        client_secret,
      }),
    });
    expect(token.status).toBe(200);
    partnerToken = ((await token.json()) as { access_token: string }).access_token;

    const before = await spendable(developer.partnerId);
    const send = async (i: number) => {
      const messageId = randomUUID();
      const response = await fetch(
        `${publicUrl}/api/v1/partner/rbm/v1/phones/%2B91981001${String(1001 + i * 10 + (i % 9)).padStart(4, '0')}/agentMessages?messageId=${messageId}&agentId=scale_out`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${partnerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ contentMessage: { text: `hello ${i}` } }),
        },
      );
      const text = await response.text();
      if (response.status !== 200 && response.status !== 429) console.log(response.status, text);
      return response.status;
    };
    // Bursts of 4x the rate at once, each in a fresh window (the counter's window opens with the
    // burst's first send and lasts a second): a burst within one second passes exactly RATE.
    let accepted = 0;
    for (let burst = 0; burst < 3; burst += 1) {
      await sleep(1_100);
      const startedAt = Date.now();
      const statuses = await Promise.all(Array.from({ length: RATE * 4 }, (_, i) => send(burst * 100 + i)));
      const took = Date.now() - startedAt;
      const ok = statuses.filter((s) => s === 200).length;
      expect(
        statuses.every((s) => s === 200 || s === 429),
        String(statuses),
      ).toBe(true);
      const windows = Math.ceil(took / 1000);
      expect(ok).toBeLessThanOrEqual(RATE * windows);
      if (took < 1000) expect(ok).toBe(RATE);
      accepted += ok;
    }
    // Both processes served sends.
    for (const { port } of backends) expect(forwarded.get(port) ?? 0).toBeGreaterThan(RATE);

    // Each accepted send reserved its price once on the one wallet: spendable moved by exactly that
    // (the workers charge the reservations each minute: checked after the campaign below).
    const { rows } = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM metered_messages WHERE bot_id = $1 AND status IN ('sent', 'charged')`,
      [botId],
    );
    expect(rows[0]?.n).toBe(accepted);
    sendsAccepted = accepted;
    expect(await spendable(developer.partnerId)).toBe(before - BigInt(accepted) * PRICE);
  }, 60_000);

  it('when mail, webhook and launch jobs are queued through either api process then each runs once, on one worker', async () => {
    const since = new Date();
    // A partner's webhook receiver: answers the verification challenge, counts each delivery it gets.
    const deliveries: string[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const parsed = body ? (JSON.parse(body) as { secret?: string; clientToken?: string }) : {};
        // RBM's shape: the verification posts clientToken and secret; the answer echoes the secret.
        if (parsed.clientToken !== undefined && parsed.secret !== undefined)
          return void response.end(parsed.secret);
        deliveries.push(body);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const hook = `/api/v1/secure/bots/${botId}/webhook`;
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
      const set = await call(direct('api1'), developerToken, 'PUT', hook, { url });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      // Two test pings, one through each api process: each is one delivery job.
      for (const api of ['api1', 'api2']) {
        const ping = await call(direct(api), developerToken, 'POST', `${hook}/ping`, {});
        expect(ping.status, JSON.stringify(ping.body)).toBe(200);
      }

      // Two password reset mails, one through each api process.
      const emails: string[] = [];
      for (const api of ['api1', 'api2']) {
        const account = await createFactories(database).account(null);
        emails.push(account.user.email);
        const asked = await fetch(`${direct(api)}/api/v1/accounts/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...xsrfHeaders() },
          body: JSON.stringify({ email: account.user.email }),
        });
        expect(asked.status).toBe(200);
      }

      // A launch retried by the platform on a carrier where it failed: the launch job runs again. The
      // bot has no RBM agent, so the job's outcome is known: launch failed, with that reason.
      const airtel = await createFactories(database).carrierId('Bharti Airtel', 'IN');
      const [unregistered] = await database.db
        .insert(bots)
        .values({
          partnerId: developer.partnerId,
          channels: [CHANNEL_TYPE.rcs],
          status: BOT_STATUS.bot_approved_by_portico,
          name: 'Unregistered bot',
          billingCategory: 'BASIC_MESSAGE',
          messageCategory: 'Transactional',
        })
        .returning();
      if (!unregistered) throw new Error('insert returned nothing');
      await database.sql.query(
        'INSERT INTO bot_carriers (bot_id, carrier_id, status, reason) VALUES ($1, $2, $3, $4)',
        [unregistered.botId, airtel, BOT_STATUS.launch_failed, 'An earlier failure'],
      );
      const retried = await call(
        direct('api2'),
        adminToken,
        'POST',
        `/api/v1/secure/bot-reviews/${unregistered.botId}/carriers/${airtel}/retry`,
        {},
      );
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);

      // Every job of these queues since the start of this test done once: completed, never retried.
      const jobs = await waitFor(
        'the mail, webhook and launch jobs to complete',
        async () => {
          const { rows } = await database.sql.query<{ name: string; state: string; retries: number }>(
            `SELECT name, state, retry_count AS retries FROM pgboss.job
              WHERE name IN ('mail.send', 'partner-webhooks.deliver', 'bot-review.launch') AND created_on >= $1
                AND (name <> 'mail.send' OR data->>'to' = ANY($2))`,
            [since, emails],
          );
          return rows;
        },
        (rows) => rows.length >= 5 && rows.every((r) => r.state === 'completed'),
        60_000,
      );
      const named = (name: string) => jobs.filter((j) => j.name === name).length;
      expect(named('mail.send')).toBe(2);
      expect(named('bot-review.launch')).toBe(1);
      // One per ping (the minute's sweep may add one for a delivery not yet held: it finds it done).
      expect(named('partner-webhooks.deliver')).toBeGreaterThanOrEqual(2);
      expect(jobs.every((j) => j.retries === 0)).toBe(true);

      // Their effects, once each: two pings received, one mail per address, one launch outcome.
      await sleep(2_000);
      expect(deliveries).toHaveLength(2);
      const { rows: mails } = await database.sql.query<{ to: string }>(
        'SELECT "to" FROM dev_mailbox WHERE "to" = ANY($1) ORDER BY "to"',
        [emails],
      );
      expect(mails.map((m) => m.to)).toEqual([...emails].sort());
      const { rows: outcomes } = await database.sql.query<{ action: string; reason: string | null }>(
        `SELECT action, reason FROM review_history
          WHERE subject = 'bot-carrier' AND subject_id = $1 AND created_at >= $2 ORDER BY id`,
        [unregistered.botId, since],
      );
      expect(outcomes.map((o) => o.action)).toEqual(['retry', 'launch-failed']);
      expect(outcomes[1]?.reason).toMatch(/not registered/);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 120_000);

  it('when the worker dispatching a campaign is killed with -9 then the other worker finishes it: each recipient sent and charged once', async () => {
    const created = await call(publicUrl, developerToken, 'POST', '/api/v1/secure/templates', {
      bot_id: botId,
      channel: 'rcs',
      name: 'scale_offer',
      language: 'en',
      content: { kind: 'text', text: 'Hi {{first_name}}, lamps are 20% off', suggestions: [] },
      sample_values: { first_name: 'Asha' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const templateId = ZTemplate.parse(created.body.data).template_id;
    expect(
      (await call(publicUrl, developerToken, 'POST', `/api/v1/secure/templates/${templateId}/submit`, {}))
        .status,
    ).toBe(200);
    expect(
      (await call(publicUrl, adminToken, 'POST', `/api/v1/secure/templates/${templateId}/approve`, {}))
        .status,
    ).toBe(200);

    const { rows: audience } = await database.sql.query<{ audience_id: string }>(
      `INSERT INTO audiences (partner_id, name, file_name, format, bytes, storage_key, status, fields, read_count, kept_count)
       VALUES ($1, 'Scale list', 'scale.csv', 'csv', 100, 'private/audiences/' || gen_random_uuid() || '.csv', 'ready', '["first_name"]', $2, $2)
       RETURNING audience_id`,
      [developer.partnerId, CAMPAIGN_RECIPIENTS],
    );
    const audienceId = audience[0]?.audience_id;
    // Numbers ending 1-9 (the sandbox makes a number ending in 0 not RCS-capable).
    const numbers = Array.from(
      { length: CAMPAIGN_RECIPIENTS },
      (_, i) => `+9198200${String(i * 10 + 1 + (i % 9)).padStart(5, '0')}`,
    );
    await database.sql.query(
      `INSERT INTO audience_recipients (audience_id, msisdn, line, fields)
       SELECT $1, n, i + 1, jsonb_build_object('first_name', 'Name' || i) FROM unnest($2::text[]) WITH ORDINALITY AS u(n, i)`,
      [audienceId, numbers],
    );
    const before = await spendable(developer.partnerId);
    const draft = await call(publicUrl, developerToken, 'POST', '/api/v1/secure/campaigns', {
      name: 'Scale out',
      bot_id: botId,
      template_id: templateId,
      audience_id: audienceId,
      variables: { first_name: 'first_name' },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const campaignId = (draft.body.data as { campaign_id: string }).campaign_id;
    expect(
      (await call(publicUrl, developerToken, 'POST', `/api/v1/secure/campaigns/${campaignId}/start`)).status,
    ).toBe(200);
    const sentCount = async () => {
      const { rows } = await database.sql.query<{ sent: number; queued: number }>(
        `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'queued')::int AS queued
           FROM campaign_recipients WHERE campaign_id = $1`,
        [campaignId],
      );
      return rows[0] ?? { sent: 0, queued: 0 };
    };
    // The worker whose connection holds the campaign's dispatch lock is the one dispatching it.
    const holder = await waitFor(
      'a worker to hold the dispatch lock',
      async () => {
        const { rows } = await database.sql.query<{ app: string }>(
          `SELECT a.application_name AS app FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::oid AND l.objid = (hashtext($2)::bigint & 4294967295)::oid`,
          [CAMPAIGN_DISPATCH_LOCK, campaignId],
        );
        return rows[0]?.app ?? '';
      },
      (app) => app.startsWith('portico-worker'),
      30_000,
    );
    const victim = procs.get(holder.replace('portico-', ''));
    if (!victim) throw new Error(`no process ${holder}`);
    await waitFor('the dispatch to start', sentCount, (c) => c.sent >= CAMPAIGN_PACE, 30_000);
    victim.child.kill('SIGKILL');
    await victim.exited;
    const atKill = await sentCount();
    expect(atKill.queued).toBeGreaterThan(0);

    // The scheduler (each minute) dispatches the running campaign again, on the other worker.
    const done = await waitFor(
      'the campaign to complete',
      async () => {
        const { rows } = await database.sql.query<{ status: string; charged: string }>(
          'SELECT status, charged_micros::text AS charged FROM campaigns WHERE campaign_id = $1',
          [campaignId],
        );
        return rows[0];
      },
      (row) => row?.status === 'c',
      240_000,
    );
    const counts = await sentCount();
    expect(counts).toEqual({ sent: CAMPAIGN_RECIPIENTS, queued: 0 });
    // One stored message per recipient (its message id is fixed before the send), none twice.
    const { rows: messages } = await database.sql.query<{ n: number; distinct_to: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT r.msisdn)::int AS distinct_to
         FROM campaign_recipients r JOIN network_messages m ON m.message_id::text = r.message_id::text
        WHERE r.campaign_id = $1`,
      [campaignId],
    );
    expect(messages[0]).toEqual({ n: CAMPAIGN_RECIPIENTS, distinct_to: CAMPAIGN_RECIPIENTS });
    expect(done?.charged).toBe((BigInt(CAMPAIGN_RECIPIENTS) * PRICE).toString());
    expect(await spendable(developer.partnerId)).toBe(before - BigInt(CAMPAIGN_RECIPIENTS) * PRICE);
    // The killed worker comes back for the rest.
    await start(victim.name, 'worker', victim.port);
  }, 420_000);

  it('when the scheduler has run (once a minute, on one worker) then every accepted send is charged once and the wallet balances', async () => {
    await waitFor(
      'the partner sends to be charged',
      async () => {
        const { rows } = await database.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM metered_messages WHERE bot_id = $1 AND status <> 'charged'`,
          [botId],
        );
        return rows[0]?.n ?? -1;
      },
      (n) => n === 0,
      120_000,
    );
    const { rows } = await database.sql.query<{ n: number; reserved: string; balance: string }>(
      `SELECT (SELECT count(*)::int FROM metered_messages WHERE bot_id = $1 AND status = 'charged') AS n,
              reserved::text AS reserved, balance::text AS balance
         FROM ledger_accounts WHERE partner_id = $2 AND kind = 'wallet'`,
      [botId, developer.partnerId],
    );
    expect(rows[0]?.n).toBe(sendsAccepted);
    expect(rows[0]?.reserved).toBe('0');
    expect(BigInt(rows[0]?.balance ?? 0)).toBe(FUNDS - BigInt(sendsAccepted + CAMPAIGN_RECIPIENTS) * PRICE);
  }, 150_000);

  it('when both api processes are restarted one after the other under load then no request fails', async () => {
    let stop = false;
    const failures: string[] = [];
    let done = 0;
    const client = async (i: number) => {
      while (!stop) {
        try {
          const response =
            i % 2 === 0
              ? await fetch(`${publicUrl}/api/v1/secure/partner-details`, {
                  headers: { authorization: `Bearer ${developerToken}` },
                })
              : await fetch(`${publicUrl}/api/v1/secure/wallet/pending-charges`, {
                  headers: { authorization: `Bearer ${developerToken}` },
                });
          const text = await response.text();
          if (response.status !== 200) failures.push(`HTTP ${response.status} ${text.slice(0, 100)}`);
        } catch (error) {
          failures.push(String(error));
        }
        done += 1;
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, i) => client(i)));
    await sleep(500);
    for (const name of ['api1', 'api2']) {
      const proc = procs.get(name);
      if (!proc) throw new Error(`${name} missing`);
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
      await sleep(300);
      await start(name, 'api', proc.port);
      await sleep(500);
    }
    stop = true;
    await load;
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(100);
  }, 300_000);
});
