/**
 * Cold start of the production artefact (`node apps/api/dist/main.js`, as `npm start` runs it): the
 * time from spawning the process to the first 200 from /readyz, with an empty data directory (the
 * first start: PGlite's initdb, migrations, key generation, reference data) and with the one that
 * start left behind (every later start). PGlite unless a PostgreSQL server is named, as elsewhere.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl, withAdmin } from '../../apps/api/test/database.ts';
import { type BenchResult, result, round } from './results.ts';
import { log } from './stack.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const COLD_START_DATABASE = 'portico_bench_cold_start';
/** Starts with an existing data directory (the median is reported). */
const WARM_RUNS = 5;
const TARGET_EXISTING = '<= 3';

function freePort(): Promise<number> {
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

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Seconds from spawn to the first ready answer. */
async function startOnce(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return Number(process.hrtime.bigint() - started) / 1e9;
      if (Number(process.hrtime.bigint() - started) > 120e9)
        throw new Error(`not ready after 120 s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function benchColdStart(env: NodeJS.ProcessEnv = process.env): Promise<{
  results: BenchResult[];
  details: string;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-cold-start-'));
  const serverUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  const base: Record<string, string> = {
    PATH: env.PATH ?? '',
    NODE_ENV: 'production',
    // Production-like: the sandboxes stand in for the networks, no demo data is seeded.
    SANDBOX: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
  };
  try {
    if (serverUrl) {
      await withAdmin(serverUrl, async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${COLD_START_DATABASE} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${COLD_START_DATABASE}`);
      });
      base.DATABASE_URL = databaseUrl(serverUrl, COLD_START_DATABASE);
    }
    log('cold start: empty data directory');
    const empty = await startOnce(base);
    const warm: number[] = [];
    for (let run = 0; run < WARM_RUNS; run += 1) {
      log(`cold start: existing data directory (${run + 1}/${WARM_RUNS})`);
      warm.push(await startOnce(base));
    }
    const existing = median(warm);
    return {
      results: [
        result(
          'startup.empty-data-dir-s',
          'seconds from spawn to /readyz 200, first start',
          round(empty, 2),
          'n/a',
        ),
        result(
          'startup.existing-data-dir-s',
          `seconds from spawn to /readyz 200, later starts (median of ${WARM_RUNS})`,
          round(existing, 2),
          TARGET_EXISTING,
        ),
      ],
      details: [
        `### Cold start of apps/api/dist/main.js (${serverUrl ? 'PostgreSQL' : 'PGlite'}, SANDBOX=1, no demo data)`,
        `- empty data directory: ${round(empty, 2)} s`,
        `- existing data directory: ${warm.map((s) => round(s, 2)).join(', ')} s (median ${round(existing, 2)} s)`,
      ].join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (serverUrl) {
      await withAdmin(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${COLD_START_DATABASE} WITH (FORCE)`),
      );
    }
  }
}
