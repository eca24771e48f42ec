/**
 * Where does a request's time go? Starts the bench stack (stack.ts), puts load on one endpoint after a
 * warm-up, and meanwhile records a CPU profile of the server process (the full stack, the bare route
 * and, on PGlite, the database all run here) and every database call. Prints self time by package
 * and by function, inclusive time of the API's own frames, and database calls per request; writes the
 * .cpuprofile (open it in Chrome DevTools) under bench/results/profiles/.
 *
 *   npm run profile -w @portico/bench -- partner-details|reference-countries|bare-partner-details|bare-countries
 *   npm run profile -w @portico/bench -- partner-rbm|partner-whatsapp     (sends through the partner API)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countQueries } from '../../apps/api/test/queries.ts';
import { BARE_COUNTRIES_PATH, BARE_PARTNER_DETAILS_PATH } from './bare.ts';
import type { BenchDatabase } from './database.ts';
import { type LoadTarget, runLoad } from './load.ts';
import { partnerTarget, startPartnerApiStack } from './partner-sends.ts';
import { COUNTRIES_PATH, log, PARTNER_DETAILS_PATH, startBenchStack } from './stack.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const STACK_TARGETS = [
  'partner-details',
  'reference-countries',
  'bare-partner-details',
  'bare-countries',
] as const;
type StackTarget = (typeof STACK_TARGETS)[number];
/** The partner API's sends (partner-sends.ts's stack: its own server, sandbox and bot). */
const PARTNER_TARGETS = { 'partner-rbm': 'rbm', 'partner-whatsapp': 'whatsapp' } as const;
const TARGETS = [...STACK_TARGETS, ...Object.keys(PARTNER_TARGETS)];
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS) || 10;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results/profiles');

function category(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  for (const marker of ['/apps/api/src/', '/packages/domain/src/', '/apps/api/test/', '/bench/src/']) {
    const at = url.indexOf(marker);
    if (at >= 0) return marker.slice(1, -1).replace('/src', '');
  }
  return url;
}

function where(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, '');
  const short = url.includes('/node_modules/')
    ? url.slice(url.lastIndexOf('/node_modules/') + 14)
    : url.replace(/^.*\/work\/main\//, '');
  return `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}`;
}

function summarise(profile: CpuProfile, requests: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const totalUs = [...self.values()].reduce((s, v) => s + v, 0);
  const idleUs = [...self.entries()]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)')
    .reduce((s, [, v]) => s + v, 0);
  const busyUs = totalUs - idleUs;

  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    add(byCategory, category(node.callFrame), us);
    add(byFunction, where(node.callFrame), us);
  }

  // Inclusive (synchronous) time of the API's own frames: each frame once per stack.
  const inclusive = new Map<string, number>();
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !/\/(apps\/api\/src|packages\/domain\/src)\//.test(frame.url)) continue;
      const key = where(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, us);
    }
  }

  const pct = (us: number) => `${((us / busyUs) * 100).toFixed(1)} %`;
  const perRequest = (us: number) => (requests ? `${(us / requests).toFixed(1)} µs/req` : '');
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `| ${key} | ${pct(us)} | ${perRequest(us)} |`);
  return [
    `CPU busy ${(busyUs / 1000).toFixed(0)} ms of ${(totalUs / 1000).toFixed(0)} ms sampled (${((busyUs / totalUs) * 100).toFixed(0)} %), ${requests} requests: ${perRequest(busyUs)}`,
    '',
    '#### Self time by package / area',
    '| where | share of busy CPU | per request |',
    '|---|---:|---:|',
    ...top(byCategory, 20),
    '',
    '#### Self time by function',
    '| function | share of busy CPU | per request |',
    '|---|---:|---:|',
    ...top(byFunction, 30),
    '',
    '#### Inclusive synchronous time of API frames (async continuations are not attributed to their caller)',
    '| function | share of busy CPU | per request |',
    '|---|---:|---:|',
    ...top(inclusive, 25),
  ].join('\n');
}

/** What to load and the server's database, with how to take it down. */
async function profiled(target: string): Promise<{
  target: LoadTarget;
  bench: BenchDatabase;
  close(): Promise<void>;
}> {
  const shape = PARTNER_TARGETS[target as keyof typeof PARTNER_TARGETS];
  if (shape) {
    const stack = await startPartnerApiStack();
    return {
      target: partnerTarget(shape, stack.url, stack.accessToken),
      bench: stack.bench,
      close: stack.close,
    };
  }
  if (!(STACK_TARGETS as readonly string[]).includes(target))
    throw new Error(`target must be one of ${TARGETS.join(', ')}`);
  const stack = await startBenchStack();
  const urls: Record<StackTarget, string> = {
    'partner-details': `${stack.fullUrl}${PARTNER_DETAILS_PATH}`,
    'reference-countries': `${stack.fullUrl}${COUNTRIES_PATH}`,
    'bare-partner-details': `${stack.bare.url}${BARE_PARTNER_DETAILS_PATH}`,
    'bare-countries': `${stack.bare.url}${BARE_COUNTRIES_PATH}`,
  };
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target === 'partner-details') headers.authorization = `Bearer ${stack.accessToken}`;
  return {
    target: { label: target, url: urls[target as StackTarget], headers },
    bench: stack.bench,
    close: stack.close,
  };
}

async function main(): Promise<void> {
  const target = process.argv[2] ?? 'partner-details';
  const stack = await profiled(target);
  try {
    const job = { targets: [stack.target], connections: CONNECTIONS };

    log(`warming up ${stack.target.url}`);
    await runLoad({ ...job, warmupSeconds: 0, slices: 1, sliceSeconds: 3 });

    const queries = countQueries(stack.bench.database);
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    queries.start();
    log(`profiling ${SECONDS} s`);
    const [summary] = await runLoad({ ...job, warmupSeconds: 0, slices: 1, sliceSeconds: SECONDS });
    queries.stop();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    session.disconnect();
    if (!summary) throw new Error('no load summary');

    mkdirSync(OUT_DIR, { recursive: true });
    const file = path.join(OUT_DIR, `${target}-${stack.bench.database.kind}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));

    const requests = summary.requestsTotal;
    const lines = [
      `## Profile of ${target} on ${stack.bench.description}`,
      `${Math.round(summary.requestsPerSecond)} requests/s, p50 ${summary.latencyP50Ms} ms, p99 ${summary.latencyP99Ms} ms, ${CONNECTIONS} connections, ${SECONDS} s; server process CPU ${summary.serverCpuMsPerRequest.toFixed(3)} ms per request (profiler overhead included)`,
      '',
      `#### Database calls: ${(queries.stats.calls / requests).toFixed(2)} per request, ${(queries.stats.totalMs / queries.stats.calls).toFixed(2)} ms wall each (queueing included)`,
      '| calls/req | ms each | statement |',
      '|---:|---:|---|',
      ...[...queries.stats.byText.entries()]
        .sort((a, b) => b[1].calls - a[1].calls)
        .slice(0, 10)
        .map(
          ([text, s]) =>
            `| ${(s.calls / requests).toFixed(2)} | ${(s.totalMs / s.calls).toFixed(2)} | \`${text}\` |`,
        ),
      '',
      summarise(profile, requests),
      '',
      `CPU profile: ${path.relative(process.cwd(), file)}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await stack.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
