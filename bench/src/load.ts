import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadTarget {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** A request with a body (a send) instead of a GET: its method and body. */
  send?: { method: 'POST' | 'PUT'; body: string };
  /**
   * Each request made unique: `{run}` (the load generator process's own id), `{n}` (its counter of
   * requests) and `{recipient}` (recipients.ts's n-th number) are replaced in the url's path and
   * query, the body and the header values: `{run}-{n}` is unique across runs.
   */
  templated?: boolean;
}

export interface LoadJob {
  /** Measured in alternating slices (A B, then B A, ...), so drift and noisy neighbours hit both alike. */
  targets: LoadTarget[];
  connections: number;
  /** Warm-up per target, before the first slice (not measured). */
  warmupSeconds: number;
  /** Measured time per target = slices x sliceSeconds. */
  slices: number;
  sliceSeconds: number;
}

/**
 * CPU seconds (user + system) used so far by each part of the system measured (the api processes,
 * PostgreSQL, ...), read at the start and end of each slice; LoadSummary.cpuMsPerRequestBy has
 * their CPU ms per measured request. Without it only this process's CPU is counted.
 */
export type CpuSampler = () => Record<string, number>;

export interface LoadSummary {
  label: string;
  url: string;
  /** Completed requests / measured seconds, over all slices. */
  requestsPerSecond: number;
  /** Each slice's requests/s, to show the spread. */
  sliceRequestsPerSecond: number[];
  requestsTotal: number;
  measuredSeconds: number;
  latencyMeanMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Over warm-up and measurement. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Every 2xx answer, warm-up included (what a client was told was accepted). */
  answered2xx: number;
  /**
   * Templated targets: every request the load generator built, warm-up included. Those cut off when
   * a run's time is up were sent (and may have been served) without their answer being counted:
   * the server served between answered2xx and this many.
   */
  requestsBuilt: number;
  /**
   * CPU time (user + system) of this process (the servers, and PGlite when it is the database) per
   * measured request. Unlike requests/s it is barely moved by other work on the machine.
   */
  serverCpuMsPerRequest: number;
  /** With a CpuSampler: each part's CPU ms per measured request. */
  cpuMsPerRequestBy: Record<string, number>;
}

type WorkerMessage =
  | { type: 'mark'; phase: 'start' | 'end'; target: number }
  | {
      type: 'done';
      ok: true;
      summaries: Omit<LoadSummary, 'serverCpuMsPerRequest' | 'cpuMsPerRequestBy'>[];
    }
  | { type: 'done'; ok: false; error: string };

export class NonSuccessResponses extends Error {}

/**
 * Runs a load job with autocannon in a child process (its CPU and GC never share an event loop with
 * the servers measured). Throws when any response was not 2xx, or any request failed or timed out:
 * then we would be measuring errors, not the endpoint.
 */
export function runLoad(job: LoadJob, sampleCpu?: CpuSampler): Promise<LoadSummary[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    const cpuMicros = job.targets.map(() => 0);
    const cpuBy = job.targets.map((): Record<string, number> => ({}));
    let sliceStart: NodeJS.CpuUsage | null = null;
    let sampledAtStart: Record<string, number> = {};
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'mark') {
        if (message.phase === 'start') {
          sliceStart = process.cpuUsage();
          sampledAtStart = sampleCpu?.() ?? {};
        } else if (sliceStart) {
          const used = process.cpuUsage(sliceStart);
          cpuMicros[message.target] = (cpuMicros[message.target] ?? 0) + used.user + used.system;
          const by = cpuBy[message.target] ?? {};
          for (const [part, seconds] of Object.entries(sampleCpu?.() ?? {}))
            by[part] = (by[part] ?? 0) + seconds - (sampledAtStart[part] ?? seconds);
          sliceStart = null;
        }
        child.send('ok');
        return;
      }
      answered = true;
      if (!message.ok) return reject(new Error(`load generator failed: ${message.error}`));
      const summaries = message.summaries.map((s, i) => ({
        ...s,
        serverCpuMsPerRequest: s.requestsTotal ? (cpuMicros[i] ?? 0) / 1000 / s.requestsTotal : 0,
        cpuMsPerRequestBy: Object.fromEntries(
          Object.entries(cpuBy[i] ?? {}).map(([part, seconds]) => [
            part,
            s.requestsTotal ? (seconds * 1000) / s.requestsTotal : 0,
          ]),
        ),
      }));
      for (const s of summaries) {
        if (s.non2xx > 0 || s.errors > 0 || s.timeouts > 0 || s.requestsTotal === 0) {
          return reject(
            new NonSuccessResponses(
              `${s.url}: ${s.non2xx} non-2xx responses, ${s.errors} errors, ${s.timeouts} timeouts, ` +
                `${s.requestsTotal} measured (status codes ${JSON.stringify(s.statusCodes)}); refusing to report these figures`,
            ),
          );
        }
      }
      resolve(summaries);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with ${code} before answering`));
    });
    child.send(job);
  });
}
