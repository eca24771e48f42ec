/**
 * The load generator, run in its own process (forked by load.ts). Receives one job, answers one
 * summary per target. Latencies are recorded per response, so slices merge exactly.
 */
import autocannon from 'autocannon';
import type { LoadJob, LoadSummary, LoadTarget } from './load.ts';

interface Tally {
  latencies: number[];
  measuredMs: number;
  sliceRps: number[];
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

async function slice(target: LoadTarget, job: LoadJob, seconds: number, tally: Tally | null): Promise<void> {
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
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
  const counts = { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
  if (!tally) {
    if (counts.non2xx || counts.errors || counts.timeouts) {
      throw new Error(
        `warm-up of ${target.url}: ${JSON.stringify(counts)} (${JSON.stringify(result.statusCodeStats)})`,
      );
    }
    return;
  }
  const measuredMs = result.duration > 0 ? result.duration * 1000 : elapsedMs;
  tally.latencies.push(...latencies);
  tally.measuredMs += measuredMs;
  tally.sliceRps.push(Math.round((latencies.length / measuredMs) * 1000));
  tally.non2xx += counts.non2xx;
  tally.errors += counts.errors;
  tally.timeouts += counts.timeouts;
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

async function run(job: LoadJob): Promise<Omit<LoadSummary, 'serverCpuMsPerRequest'>[]> {
  const tallies = job.targets.map(
    (): Tally => ({
      latencies: [],
      measuredMs: 0,
      sliceRps: [],
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statusCodes: {},
    }),
  );
  if (job.warmupSeconds > 0) {
    for (const target of job.targets) await slice(target, job, job.warmupSeconds, null);
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
      await slice(target, job, job.sliceSeconds, tally);
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
