/**
 * Network benchmarks (issue 4), part of `npm run bench`, or alone: `npx tsx bench/src/networks.ts`.
 * - sandbox.rbm.accept-rps: RBM agentMessages the sandbox accepts per second on loopback, rate
 *   limits and receipts off, the sandbox alone in its own process (apps/sandbox/src/main.ts) and
 *   autocannon in this one. It must not be what limits our dispatcher: target >= 5000/s.
 * - sandbox.rbm.cpu-us-per-message: the sandbox's CPU time per accepted message (robust to load).
 * - connector.rbm.send-rps: the RBM connector's sends per second against the same sandbox
 *   (32 in flight), as a ratio of that ceiling.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createNetworkMetrics } from '../../apps/api/src/networks/metrics.ts';
import { createRbmConnector } from '../../apps/api/src/networks/rbm.ts';
import { addResults, type BenchResult, markdownTable, result, round } from './results.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PORT = Number(process.env.BENCH_SANDBOX_PORT ?? 3990);
const SECONDS = Number(process.env.BENCH_NETWORK_SECONDS ?? 8);
const CONNECTIONS = 32;
const log = (line: string) => process.stderr.write(`[bench:networks] ${line}\n`);

const body = JSON.stringify({
  contentMessage: { text: 'Your order has shipped.' },
  messageTrafficType: 'TRANSACTION',
});

/** The sandbox alone in its own process (rate limits and receipts off), on `port` (PORT). */
export async function startSandbox(port = PORT, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/sandbox/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      LOG_LEVEL: 'warn',
      SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false }, receipts: false }),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Up to 30 s: tsx compiles the sandbox at start, slowly on a shared machine.
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/sandbox/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the sandbox did not start');
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat (utime, stime), counted from after the command name: indexes 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function sandboxCeiling(
  pid: number | undefined,
): Promise<{ rps: number; non2xx: number; cpuUsPerMessage: number }> {
  let n = 0;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
          body,
          setupRequest: (request) => {
            n += 1;
            return {
              ...request,
              path: `/sandbox/rbm/v1/phones/+9198${String(n % 10_000_000).padStart(7, '1')}1/agentMessages?messageId=ac-${n}&agentId=bench`,
            };
          },
        },
      ],
    });
  await run(2);
  const cpuBefore = cpuSecondsOf(pid);
  const measured = await run(SECONDS);
  const cpuUsPerMessage = ((cpuSecondsOf(pid) - cpuBefore) * 1e6) / Math.max(1, measured.requests.total);
  return { rps: measured.requests.average, non2xx: measured.non2xx, cpuUsPerMessage };
}

async function connectorThroughput(): Promise<{ rps: number; failures: number }> {
  const metrics = createNetworkMetrics(Fastify({ logger: false }).log);
  const connector = createRbmConnector({
    baseUrl: `http://127.0.0.1:${PORT}/sandbox/rbm`,
    managementUrl: `http://127.0.0.1:${PORT}/sandbox/businesscommunications`,
    credentials: { kind: 'static', token: 'bench' },
    timeoutMs: 10_000,
    maxAttempts: 3,
    metrics,
  });
  let n = 0;
  let sent = 0;
  let failures = 0;
  const runFor = async (ms: number) => {
    const until = Date.now() + ms;
    const worker = async () => {
      while (Date.now() < until) {
        n += 1;
        try {
          await connector.send({
            messageId: `cn-${n}`,
            sender: 'bench',
            recipient: `+9197${String(n % 10_000_000).padStart(7, '1')}1`,
            content: { kind: 'text', text: 'Your order has shipped.', suggestions: [] },
          });
          sent += 1;
        } catch {
          failures += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  };
  await runFor(2000);
  sent = 0;
  failures = 0;
  const started = performance.now();
  await runFor(SECONDS * 1000);
  return { rps: sent / ((performance.now() - started) / 1000), failures };
}

export async function runNetworksBench(): Promise<{ results: BenchResult[]; details: string }> {
  log(`sandbox on :${PORT}, ${CONNECTIONS} connections, ${SECONDS} s per side`);
  const sandbox = await startSandbox();
  try {
    const ceiling = await sandboxCeiling(sandbox.pid);
    log(
      `sandbox accepts ${round(ceiling.rps, 0)}/s (${ceiling.non2xx} non-2xx), ${round(ceiling.cpuUsPerMessage, 0)} CPU us per message`,
    );
    const connector = await connectorThroughput();
    log(`connector sends ${round(connector.rps, 0)}/s (${connector.failures} failures)`);
    const results = [
      result(
        'sandbox.rbm.accept-rps',
        'RBM agentMessages accepted/s on loopback (rate limits and receipts off)',
        round(ceiling.rps, 0),
        '>= 5000',
      ),
      result(
        'sandbox.rbm.cpu-us-per-message',
        "CPU microseconds of the sandbox process per accepted message (1e6 / value = one core's ceiling; barely moved by other load)",
        round(ceiling.cpuUsPerMessage, 1),
        '<= 200',
      ),
      result(
        'connector.rbm.send-rps',
        'RBM connector sends/s against the sandbox (32 in flight)',
        round(connector.rps, 0),
        'n/a',
        {
          name: 'sandbox.rbm.accept-rps',
          value: round(ceiling.rps, 0),
        },
      ),
    ];
    const details = [
      '### Networks',
      `Sandbox alone in its own process; autocannon (${CONNECTIONS} connections) and the connector (${CONNECTIONS} sends in flight) in the bench process; ${SECONDS} s each after 2 s warm-up.`,
      `Sandbox non-2xx: ${ceiling.non2xx}; connector failures: ${connector.failures}.`,
    ].join('\n');
    return { results, details };
  } finally {
    sandbox.kill('SIGTERM');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runNetworksBench().then(
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
