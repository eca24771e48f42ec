/**
 * The load generator, run in its own process (forked by load.ts). Receives one job, answers one
 * summary per target. Latencies are recorded per response, so slices merge exactly.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadSummary, LoadTarget } from './load.ts';
import { recipient } from './recipients.ts';

interface Tally {
  latencies: number[];
  measuredMs: number;
  sliceRps: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  answered2xx: number;
  built: number;
}

/** Counts the templated requests of this process: `{n}` (see LoadTarget.templated). */
let sent = 0;
/** This load generator's own id, `{run}`: with `{n}`, unique across runs. */
const RUN = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** The target's request(s) for autocannon: one fixed request, or one made unique per request. */
function requestsOf(
  target: LoadTarget,
  onBuilt: () => void,
): Pick<autocannon.Options, 'method' | 'body' | 'requests'> {
  const fixed = target.send ? { method: target.send.method, body: target.send.body } : {};
  if (!target.templated) return fixed;
  const url = new URL(target.url);
  const path = `${url.pathname}${url.search}`;
  const fill = (text: string, n: number) =>
    text.replaceAll('{run}', RUN).replaceAll('{n}', String(n)).replaceAll('{recipient}', recipient(n));
  // The URL parser escapes braces in the path (not in the query): either spelling is a placeholder.
  const fillPath = (n: number) =>
    path
      .replace(/\{run\}|%7Brun%7D/gi, RUN)
      .replace(/\{n\}|%7Bn%7D/gi, String(n))
      .replace(/\{recipient\}|%7Brecipient%7D/gi, encodeURIComponent(recipient(n)));
  return {
    requests: [
      {
        ...(target.send ? { method: target.send.method } : {}),
        setupRequest: (request) => {
          sent += 1;
          onBuilt();
          const n = sent;
          return {
            ...request,
            path: fillPath(n),
            headers: Object.fromEntries(Object.entries(target.headers).map(([k, v]) => [k, fill(v, n)])),
            ...(target.send ? { body: fill(target.send.body, n) } : {}),
          };
        },
      },
    ],
  };
}

/** One autocannon run of a target; its counts go to `counts`, its latencies to `tally` (null: warm-up). */
async function slice(
  target: LoadTarget,
  job: LoadJob,
  seconds: number,
  counts: Pick<Tally, 'answered2xx' | 'built'>,
  tally: Tally | null,
): Promise<void> {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        ...requestsOf(target, () => {
          counts.built += 1;
        }),
        connections: job.connections,
        pipelining: 1,
        timeout: 10,
        duration: seconds,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
  counts.answered2xx += result['2xx'];
  const failed = { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
  if (!tally) {
    if (failed.non2xx || failed.errors || failed.timeouts) {
      throw new Error(
        `warm-up of ${target.url}: ${JSON.stringify(failed)} (${JSON.stringify(result.statusCodeStats)})`,
      );
    }
    return;
  }
  const measuredMs = result.duration > 0 ? result.duration * 1000 : elapsedMs;
  tally.latencies.push(...latencies);
  tally.measuredMs += measuredMs;
  tally.sliceRps.push(Math.round((latencies.length / measuredMs) * 1000));
  tally.non2xx += failed.non2xx;
  tally.errors += failed.errors;
  tally.timeouts += failed.timeouts;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    tally.statusCodes[code] = (tally.statusCodes[code] ?? 0) + (stats?.count ?? 0);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

const ms = (value: number) => Math.round(value * 100) / 100;

/** Tells the parent a measured slice starts or ends, and waits until it has taken note. */
function mark(message: { type: 'mark'; phase: 'start' | 'end'; target: number }): Promise<void> {
  return new Promise((resolve) => {
    process.once('message', () => resolve());
    process.send?.(message);
  });
}

async function run(
  job: LoadJob,
): Promise<Omit<LoadSummary, 'serverCpuMsPerRequest' | 'cpuMsPerRequestBy'>[]> {
  const tallies = job.targets.map(
    (): Tally => ({
      latencies: [],
      measuredMs: 0,
      sliceRps: [],
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statusCodes: {},
      answered2xx: 0,
      built: 0,
    }),
  );
  if (job.warmupSeconds > 0) {
    for (const [i, target] of job.targets.entries()) {
      const tally = tallies[i] as Tally;
      await slice(target, job, job.warmupSeconds, tally, null);
    }
  }
  for (let round = 0; round < job.slices; round += 1) {
    // A B, then B A: a drift in the machine's speed over the run falls on both sides alike.
    const order = job.targets.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const target = job.targets[i];
      const tally = tallies[i];
      if (!target || !tally) continue;
      // The parent reads the server process's CPU time at these marks (see load.ts).
      await mark({ type: 'mark', phase: 'start', target: i });
      await slice(target, job, job.sliceSeconds, tally, tally);
      await mark({ type: 'mark', phase: 'end', target: i });
    }
  }
  return job.targets.map((target, i) => {
    const tally = tallies[i] as Tally;
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    const sum = sorted.reduce((s, v) => s + v, 0);
    return {
      label: target.label,
      url: target.url,
      requestsPerSecond: tally.measuredMs > 0 ? (sorted.length / tally.measuredMs) * 1000 : 0,
      sliceRequestsPerSecond: tally.sliceRps,
      requestsTotal: sorted.length,
      measuredSeconds: ms(tally.measuredMs / 1000),
      latencyMeanMs: ms(sorted.length ? sum / sorted.length : 0),
      latencyP50Ms: ms(percentile(sorted, 50)),
      latencyP99Ms: ms(percentile(sorted, 99)),
      latencyMaxMs: ms(sorted.at(-1) ?? 0),
      non2xx: tally.non2xx,
      errors: tally.errors,
      timeouts: tally.timeouts,
      statusCodes: tally.statusCodes,
      answered2xx: tally.answered2xx,
      requestsBuilt: tally.built,
    };
  });
}

process.once('message', (job: LoadJob) => {
  // Every later message is the parent's acknowledgement of a mark.
  run(job).then(
    (summaries) => process.send?.({ type: 'done', ok: true, summaries }, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ type: 'done', ok: false, error: String(error) }, () => process.exit(1)),
  );
});
