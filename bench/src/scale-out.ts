/**
 * Partner API sends on one and on two `api` processes (issue 30, "Sends that scale"), part of
 * `BENCH_ONLY=partner-api` on PostgreSQL: the production build (apps/api/dist/main.js) started as
 * two `api` processes and one `worker` process on one fresh database, the sandbox in its own
 * process standing in for Google, and two balancers in this process with the same code: one in
 * front of the first api process only, one in front of both. The load generator alternates slices
 * between the two, so both figures come from the same run on the same machine. Each part's CPU per
 * send (the api processes, PostgreSQL, the worker, the sandbox, the balancer) comes from /proc. Then
 * the worker's metering.settle job charges every send and the wallet must be exact.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@portico/api/config';
import { BalancedPool } from 'undici';
import { mintAccessToken } from '../../apps/api/test/tokens.ts';
import { openBenchDatabase } from './database.ts';
import { type CpuSampler, type LoadSummary, runLoad } from './load.ts';
import { cpuSecondsOf, startSandbox } from './networks.ts';
// Measured seconds per side (one process, two processes) and connections: as the in-process run's.
import {
  AGENT_ID,
  benchDeveloper,
  CONNECTIONS,
  FUNDS,
  PHONE_NUMBER_ID,
  partnerAccessToken,
  partnerTarget,
  SECONDS,
  sandboxNetworksEnv,
} from './partner-sends.ts';
import { type BenchResult, result, round } from './results.ts';
import { freePort } from './stack.ts';
import { checkWallet, type WalletCheck } from './wallet-check.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(root, 'apps/api/dist/main.js');
const DB_NAME = 'portico_bench_scale_out';
const SLICES = 4;
const WARMUP_SECONDS = 3;
/** The worker settles each minute: the wait for every send to be charged. */
const SETTLE_TIMEOUT_MS = 180_000;

const log = (line: string) => process.stderr.write(`[bench:scale-out] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

/** CPU seconds of every PostgreSQL server process on this machine (the bench's database is the only busy one). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue; // gone between the listing and the read
    }
    const seconds = cpuSecondsOf(Number(entry));
    if (Number.isFinite(seconds)) total += seconds;
  }
  return total;
}

/**
 * A load balancer as an operator would put in front of the api processes: keep-alive connections to
 * each upstream, requests spread over them by undici's BalancedPool (weighted round robin).
 */
function startBalancer(upstreams: string[], port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new BalancedPool(upstreams, { connections: 64 });
  const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'upgrade']);
  const server = http.createServer(async (request, response) => {
    try {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !hopByHop.has(name)),
      ) as Record<string, string>;
      const upstream = await pool.request({
        method: request.method as 'GET',
        path: request.url ?? '/',
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? null : request,
      });
      const answer = Object.fromEntries(
        Object.entries(upstream.headers).filter(([name]) => !hopByHop.has(name)),
      );
      response.writeHead(upstream.statusCode, answer as http.OutgoingHttpHeaders);
      await pipeline(upstream.body, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(502).end(String(error));
      else response.destroy();
    }
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
          await pool.close();
        },
      }),
    ),
  );
}

async function startProcess(
  name: string,
  role: 'api' | 'worker',
  env: Record<string, string>,
): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: { ...env, PORTICO_ROLE: role, PORT: String(port), PGAPPNAME: `portico-bench-${name}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 100) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null | undefined;
  child.on('exit', (code) => {
    exited = code;
  });
  const until = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`${name} exited (${exited}):\n${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${name} was not ready in 120 s:\n${output.join('')}`);
    await sleep(200);
  }
  return { name, port, child, output };
}

export async function benchScaleOut(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ results: BenchResult[]; details: string }> {
  if (!(env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL))
    return {
      results: [],
      details:
        '### Partner API sends on 1 and 2 api processes\nSkipped: many processes share PostgreSQL only (set BENCH_DATABASE_URL or TEST_DATABASE_URL).',
    };
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    const work = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-scale-out-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    // Migrated by openDatabase: the processes find the schema in place, as after an upgrade.
    const bench = await openBenchDatabase(env, DB_NAME);
    cleanups.push(() => bench.dispose());
    if (!('url' in bench.location)) throw new Error('the scale-out bench needs PostgreSQL');

    const sandboxPort = await freePort();
    const sandbox = await startSandbox(sandboxPort);
    cleanups.push(() => {
      sandbox.kill('SIGTERM');
    });
    // The balancer in front of both is the processes' public address (their tokens' issuer).
    const bothPort = await freePort();
    const publicUrl = `http://127.0.0.1:${bothPort}`;
    const processEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SANDBOX: '1',
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: bench.location.url,
      DATA_DIR: work,
      STORAGE_URL: `file://${path.join(work, 'files')}`,
      LOG_LEVEL: 'warn',
      PARTNER_GOOGLE_PORT: 'off',
      RATE_LIMIT_MAX: '1000000000',
      WEB_DIST_DIR: path.join(work, 'no-web-build'),
      ...sandboxNetworksEnv(sandboxPort),
    };
    const procs: Proc[] = [];
    cleanups.push(async () => {
      for (const proc of procs) proc.child.kill('SIGTERM');
      await sleep(500);
      for (const proc of procs) proc.child.kill('SIGKILL');
    });
    // The worker first (it seeds the reference data the production start seeds), then both api processes.
    procs.push(await startProcess('worker', 'worker', processEnv));
    const [api1, api2] = await Promise.all([
      startProcess('api1', 'api', processEnv),
      startProcess('api2', 'api', processEnv),
    ]);
    if (!api1 || !api2) throw new Error('the api processes did not start');
    procs.push(api1, api2);
    const single = await startBalancer([`http://127.0.0.1:${api1.port}`]);
    cleanups.push(() => single.close());
    const both = await startBalancer(
      [`http://127.0.0.1:${api1.port}`, `http://127.0.0.1:${api2.port}`],
      bothPort,
    );
    cleanups.push(() => both.close());

    // The developer and its bot, a portal session for the processes' issuer, a partner API token.
    const developer = await benchDeveloper(bench.database);
    const config = loadConfig({ ...processEnv, PORTICO_ROLE: 'api', PORT: String(api1.port) });
    const session = await mintAccessToken(bench.database, config, { sub: developer.userId });
    const accessToken = await partnerAccessToken(both.url, session, developer.botId);
    log(`${bench.description}: api on :${api1.port} and :${api2.port}, worker, sandbox on :${sandboxPort}`);

    const pidOf = (name: string) => procs.find((p) => p.name === name)?.child.pid;
    const sampleCpu: CpuSampler = () => ({
      'api processes': cpuSecondsOf(pidOf('api1')) + cpuSecondsOf(pidOf('api2')),
      PostgreSQL: postgresCpuSeconds(),
      worker: cpuSecondsOf(pidOf('worker')),
      sandbox: cpuSecondsOf(sandbox.pid),
      balancer: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    });
    const [onOne, onTwo] = await runLoad(
      {
        targets: [
          { ...partnerTarget('rbm', single.url, accessToken), label: '1 api process' },
          { ...partnerTarget('rbm', both.url, accessToken), label: '2 api processes' },
        ],
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        slices: SLICES,
        sliceSeconds: SECONDS / SLICES,
      },
      sampleCpu,
    );
    if (!onOne || !onTwo) throw new Error('the load generator answered no summary');
    for (const s of [onOne, onTwo])
      log(
        `${s.label}: ${round(s.requestsPerSecond, 0)} sends/s (p50 ${s.latencyP50Ms} ms, p99 ${s.latencyP99Ms} ms); CPU ms/send ${JSON.stringify(s.cpuMsPerRequestBy)}`,
      );

    // The worker's metering.settle (each minute) charges every send; the wallet must be exact.
    const answered = onOne.answered2xx + onTwo.answered2xx;
    const built = onOne.requestsBuilt + onTwo.requestsBuilt;
    const started = Date.now();
    let wallet: WalletCheck = await checkWallet(bench.database, developer.partnerId, FUNDS);
    while (wallet.unsettled > 0 || wallet.reserved > 0n) {
      if (Date.now() - started > SETTLE_TIMEOUT_MS) break;
      await sleep(1000);
      wallet = await checkWallet(bench.database, developer.partnerId, FUNDS);
    }
    const exact =
      wallet.exact && wallet.released === 0 && wallet.charged >= answered && wallet.charged <= built;
    const walletLine = `${wallet.charged} messages charged (${answered} answered 2xx, ${built} requests made), debits ${wallet.debits} == charges ${wallet.charges} micros, reserved ${wallet.reserved}, unsettled ${wallet.unsettled}`;
    log(`wallet: ${walletLine}: ${exact ? 'exact' : 'NOT EXACT'}`);
    if (!exact) throw new Error(`the wallet is not exact after the sends on two processes: ${walletLine}`);

    const side = (s: LoadSummary, key: string, label: string): BenchResult[] => [
      result(
        `partner-api.scale-out.${key}.sends-per-s`,
        `RBM sends/s through the partner API on ${label} behind the balancer (${CONNECTIONS} connections)`,
        round(s.requestsPerSecond, 0),
        key === '1-process' ? '>= 1500' : 'n/a',
      ),
      result(
        `partner-api.scale-out.${key}.p99-ms`,
        `send latency p99 on ${label} (ms)`,
        s.latencyP99Ms,
        'n/a',
      ),
      ...Object.entries(s.cpuMsPerRequestBy).map(([part, ms]) =>
        result(
          `partner-api.scale-out.${key}.cpu-ms.${part.replaceAll(' ', '-').toLowerCase()}`,
          `CPU ms per send on ${label}: ${part}`,
          round(ms, 3),
          'n/a',
        ),
      ),
    ];
    const results = [
      ...side(onOne, '1-process', '1 api process'),
      ...side(onTwo, '2-processes', '2 api processes'),
      result(
        'partner-api.scale-out.speed-up',
        'sends/s on 2 api processes / on 1 (same run, same machine)',
        round(onTwo.requestsPerSecond / onOne.requestsPerSecond, 2),
        'n/a',
      ),
      result(
        'partner-api.scale-out.wallet-exact',
        'wallet exact after both runs (charges == debits, nothing reserved or unsettled, one charge per send)',
        exact ? 1 : 0,
        '>= 1',
      ),
    ];
    const parts = Object.keys(onOne.cpuMsPerRequestBy);
    const cpuCell = (s: LoadSummary) =>
      parts.map((part) => round(s.cpuMsPerRequestBy[part] ?? 0, 3)).join(' | ');
    const cpuTotal = (s: LoadSummary) =>
      round(
        Object.values(s.cpuMsPerRequestBy).reduce((sum, ms) => sum + ms, 0),
        3,
      );
    const details = [
      '### Partner API sends on 1 and 2 api processes',
      `${bench.description}; the production build: 2 \`api\` processes and 1 \`worker\` process (metering.settle) on one database, the sandbox in its own process as Google's RBM API, two balancers in the bench process (undici BalancedPool, keep-alive): one in front of api1, one in front of both. autocannon in a child process, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up each, then ${SECONDS} s each in ${SLICES} alternating slices. All of it on this machine's ${os.cpus().length} cores. RBM text sends, a new message id and recipient per request (agent ${AGENT_ID}; WhatsApp number ${PHONE_NUMBER_ID} unused).`,
      '',
      `| api processes | sends/s | per slice | p50 ms | p99 ms | ${parts.join(' ms | ')} ms | CPU ms per send |`,
      `|---|---:|---|---:|---:|${parts.map(() => '---:|').join('')}---:|`,
      ...[onOne, onTwo].map(
        (s, i) =>
          `| ${i + 1} | ${round(s.requestsPerSecond, 0)} | ${s.sliceRequestsPerSecond.join(', ')} | ${s.latencyP50Ms} | ${s.latencyP99Ms} | ${cpuCell(s)} | ${cpuTotal(s)} |`,
      ),
      '',
      `Wallet after both (the worker's metering.settle): ${walletLine}.`,
    ].join('\n');
    return { results, details };
  } finally {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup failed: ${String(error)}`);
      }
    }
  }
}
