/**
 * Audience checks (issue 27, Performance), `BENCH_ONLY=audiences`: a generated CSV of
 * BENCH_AUDIENCE_MB megabytes (default 100: about 7 million numbers, 5% repeating an earlier one, 2%
 * not numbers), written to a temp dir as a stream, stored in local storage, then checked by the real
 * audiences.check job (the service's `check`: the worker thread, batched inserts with their
 * checkpoint) on PostgreSQL and on PGlite. Reported per database: seconds, recipients/s, the peak
 * RSS of this process (sampled every 50 ms; the worker thread is in it) and the ratio to a bare
 * unnest insert of the same numbers into a similar table in the same run.
 * Then reach (the capability check, `reach()`) of a BENCH_REACH_RECIPIENTS (default 1,000,000)
 * audience against the sandbox over HTTP (on PostgreSQL), against the sandbox's own ceiling: the
 * same users:batchGet calls of 10,000 numbers straight from the RBM connector, one after another.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createAudiencesRepository } from '@portico/api/modules/audiences/audiences.repository';
import { createAudiencesService } from '@portico/api/modules/audiences/audiences.service';
import { createNetworkMetrics } from '@portico/api/networks/metrics';
import { createRbmConnector } from '@portico/api/networks/rbm';
import { createLocalStorage } from '@portico/api/platform/storage/local';
import { AUDIENCE_REACH_PACE, ROLES } from '@portico/domain';
import Fastify from 'fastify';
import { openBenchDatabase } from './database.ts';
import { PORT, startSandbox } from './networks.ts';
import { type BenchResult, result, round } from './results.ts';
import { log } from './stack.ts';

const MB = Number(process.env.BENCH_AUDIENCE_MB) || 100;
const PG_URL = process.env.BENCH_AUDIENCE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PARTNER_ID = '00000000-0000-4000-8000-0000000000a1';
const KEY = `private/audiences/${PARTNER_ID}/bench.csv`;
/** Each line is 14 bytes (`+91` and 10 digits, newline): the file's size over 14 is its lines. */
const LINE_BYTES = 14;
const BATCH = 5_000;
const REACH_RECIPIENTS = Number(process.env.BENCH_REACH_RECIPIENTS) || 1_000_000;

/** Line i: every 20th repeats an earlier number (5%), every 50th is not a number (2%). */
function lineOf(i: number): string {
  if (i % 50 === 49) return `bad-${String(i).padStart(9, '0')}`;
  const n = i % 20 === 19 ? i - 7 : i;
  return `+91${9_000_000_000 + n}`;
}

/** Writes the CSV as a stream (never whole in memory); answers its data lines. */
async function generate(file: string): Promise<number> {
  // Under AUDIENCE_MAX_BYTES (100,000,000) with the header.
  const lines = Math.floor((MB * 1_000_000 - 20) / LINE_BYTES);
  const out = createWriteStream(file);
  out.write('msisdn\n');
  let chunk: string[] = [];
  for (let i = 0; i < lines; i++) {
    chunk.push(lineOf(i));
    if (chunk.length === 10_000 || i === lines - 1) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end();
  await once(out, 'finish');
  return lines;
}

/** Peak RSS while work runs (sampled every 50 ms). */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; peakRssMb: number; startRssMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      peakRssMb: Math.max(peak, process.memoryUsage().rss) / 1e6,
      startRssMb: start / 1e6,
    };
  } finally {
    clearInterval(timer);
  }
}

interface Side {
  database: string;
  seconds: number;
  kept: number;
  refused: number;
  read: number;
  peakRssMb: number;
  /** RSS when the check started (the process with its database open, before the thread). */
  startRssMb: number;
  bareSeconds: number;
  bareRows: number;
}

async function benchOn(env: NodeJS.ProcessEnv, storageDir: string, file: string): Promise<Side> {
  const bench = await openBenchDatabase(env, process.env.BENCH_AUDIENCE_DB ?? 'portico_bench_audiences');
  try {
    const q = (sql: string, params: unknown[] = []) => bench.database.sql.query(sql, params);
    await q(
      `INSERT INTO partners (partner_id, kind, has_ewallet, company, address)
       VALUES ($1, 'developer', true, '{"name":"Bench audiences"}', '{"countryId":"IN"}')`,
      [PARTNER_ID],
    );
    const repository = createAudiencesRepository(bench.database);
    const storage = createLocalStorage(storageDir);
    const service = createAudiencesService({
      database: bench.database,
      repository,
      storage,
      jobs: { send: async () => null },
      log: { error: (...args: unknown[]) => log(`audiences: ${JSON.stringify(args[1] ?? args[0])}`) },
      // The file keeps about 6.6 million recipients: above the product's default of 1M.
      maxRecipients: 10_000_000,
    });
    const { row } = await repository.insertAudienceOnce({
      partnerId: PARTNER_ID,
      name: 'bench',
      fileName: 'bench.csv',
      format: 'csv',
      bytes: 0,
      storageKey: KEY,
    });
    log(`audiences: checking on ${bench.description}`);
    const check = await measured(() => service.check(row.audienceId));
    const done = await repository.audienceById(row.audienceId);
    if (done?.status !== 'ready') throw new Error(`the check ended ${done?.status}: ${done?.failure}`);

    // The bare side: the same numbers, parsed here, into a similar table with the same key, by unnest.
    await q(`CREATE TABLE bench_bare (audience_id uuid NOT NULL, msisdn text NOT NULL, line int NOT NULL,
             fields jsonb, PRIMARY KEY (audience_id, msisdn))`);
    log(`audiences: bare unnest insert on ${bench.description}`);
    const bare = await measured(async () => {
      let numbers: string[] = [];
      let lines: number[] = [];
      let n = 0;
      const flush = async () => {
        if (numbers.length === 0) return;
        await q(
          `INSERT INTO bench_bare (audience_id, msisdn, line)
           SELECT $1::uuid, m, l FROM unnest($2::text[], $3::int[]) AS t(m, l) ON CONFLICT DO NOTHING`,
          [row.audienceId, numbers, lines],
        );
        numbers = [];
        lines = [];
      };
      for await (const text of createInterface({
        input: createReadStream(file),
        crlfDelay: Number.POSITIVE_INFINITY,
      })) {
        n += 1;
        if (n === 1 || !text.startsWith('+')) continue;
        numbers.push(text);
        lines.push(n - 1);
        if (numbers.length === BATCH) await flush();
      }
      await flush();
    });
    const bareRows = Number(
      ((await q('SELECT count(*)::int AS n FROM bench_bare')).rows[0] as { n: number }).n,
    );
    return {
      database: bench.description,
      seconds: check.seconds,
      kept: done.keptCount,
      refused: done.refusedCount,
      read: done.readCount,
      peakRssMb: check.peakRssMb,
      startRssMb: check.startRssMb,
      bareSeconds: bare.seconds,
      bareRows,
    };
  } finally {
    await bench.dispose();
  }
}

interface Reach {
  seconds: number;
  recipients: number;
  capable: number;
  ceilingSeconds: number;
}

async function benchReach(): Promise<Reach> {
  const bench = await openBenchDatabase({ BENCH_DATABASE_URL: PG_URL }, 'portico_bench_reach');
  const sandbox = await startSandbox();
  try {
    const q = (sql: string, params: unknown[] = []) => bench.database.sql.query(sql, params);
    await q(
      `INSERT INTO partners (partner_id, kind, has_ewallet, company) VALUES ($1, 'developer', true, '{"name":"Bench reach"}')`,
      [PARTNER_ID],
    );
    const repository = createAudiencesRepository(bench.database);
    const connector = createRbmConnector({
      baseUrl: `http://127.0.0.1:${PORT}/sandbox/rbm`,
      managementUrl: `http://127.0.0.1:${PORT}/sandbox/businesscommunications`,
      credentials: { kind: 'static', token: 'bench' },
      timeoutMs: 30_000,
      maxAttempts: 3,
      metrics: createNetworkMetrics(Fastify({ logger: false }).log),
    });
    const service = createAudiencesService({
      database: bench.database,
      repository,
      storage: createLocalStorage(tmpdir()),
      jobs: { send: async () => null },
      log: { error: () => {} },
      maxRecipients: REACH_RECIPIENTS,
      connectors: { get: () => connector } as never,
    });
    const { row } = await repository.insertAudienceOnce({
      partnerId: PARTNER_ID,
      name: 'reach',
      fileName: 'reach.csv',
      format: 'csv',
      bytes: 1,
      storageKey: `private/audiences/${PARTNER_ID}/reach.csv`,
    });
    await q(
      `INSERT INTO audience_recipients (audience_id, msisdn, line)
       SELECT $1::uuid, '+91' || (9000000000 + i)::text, i FROM generate_series(1, $2::int) AS i`,
      [row.audienceId, REACH_RECIPIENTS],
    );
    await repository.updateAudience(row.audienceId, { status: 'ready', keptCount: REACH_RECIPIENTS });
    await q('UPDATE audiences SET read_count = $2 WHERE audience_id = $1', [
      row.audienceId,
      REACH_RECIPIENTS,
    ]);
    const user = {
      userId: PARTNER_ID,
      partnerId: PARTNER_ID,
      email: 'bench@example.com',
      role: ROLES.DEVELOPER,
    };
    log(`audiences: reach of ${REACH_RECIPIENTS} recipients through the sandbox`);
    const started = performance.now();
    const reach = await service.reach(user as never, row.audienceId, { network: 'rbm', sender: 'bench' });
    const seconds = (performance.now() - started) / 1000;
    // The ceiling: the same batches straight to the sandbox, no pace, no database.
    const numbers = Array.from(
      { length: AUDIENCE_REACH_PACE.rbm.batch },
      (_, i) => `+91${9_000_000_000 + i}`,
    );
    const ceilingStarted = performance.now();
    for (let sent = 0; sent < REACH_RECIPIENTS; sent += numbers.length)
      await connector.reachableUsers('bench', numbers);
    return {
      seconds,
      recipients: reach.recipients,
      capable: reach.rcs_capable,
      ceilingSeconds: (performance.now() - ceilingStarted) / 1000,
    };
  } finally {
    sandbox.kill('SIGTERM');
    await bench.dispose();
  }
}

export async function benchAudiences(): Promise<{ results: BenchResult[]; details: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-bench-audiences-'));
  try {
    const file = path.join(dir, 'bench.csv');
    const storageDir = path.join(dir, 'storage');
    const lines = await generate(file);
    const storage = createLocalStorage(storageDir);
    await storage.putStream(KEY, createReadStream(file), 'text/csv');
    log(`audiences: ${MB} MB, ${lines} data lines generated`);
    const sides = [
      await benchOn({ BENCH_DATABASE_URL: PG_URL }, storageDir, file),
      await benchOn({}, storageDir, file),
    ];
    const reach = await benchReach();
    const pace = AUDIENCE_REACH_PACE.rbm;
    const results: BenchResult[] = [
      result(
        `audiences.reach-${REACH_RECIPIENTS}.recipients-per-second`,
        `recipients/s of reach() (RBM users:batchGet of ${pace.batch}, at most ${pace.perSecond} a second) against the same calls straight to the sandbox`,
        round(reach.recipients / reach.seconds, 0),
        'n/a',
        {
          name: 'sandbox.rbm.batch-get.recipients-per-second',
          value: round(REACH_RECIPIENTS / reach.ceilingSeconds, 0),
        },
      ),
    ];
    const rows: string[] = [];
    for (const side of sides) {
      const db = side.database.startsWith('pglite') ? 'pglite' : 'postgres';
      const id = `audiences.check-${MB}mb.${db}`;
      results.push(
        result(
          `${id}.seconds`,
          `seconds to check and keep a ${MB} MB CSV (${lines} lines)`,
          round(side.seconds, 1),
          '<= 60',
        ),
        result(
          `${id}.recipients-per-second`,
          'lines checked per second (the check) against a bare unnest insert of the same numbers',
          round(side.read / side.seconds, 0),
          'n/a',
          {
            name: `audiences.bare-insert-${MB}mb.${db}.recipients-per-second`,
            value: round(side.bareRows / side.bareSeconds, 0),
          },
        ),
        result(
          `${id}.peak-rss-mb`,
          'peak RSS of the process (MB) during the check',
          round(side.peakRssMb, 0),
          '<= 300',
        ),
      );
      rows.push(
        `| ${side.database} | ${side.read} | ${side.kept} | ${side.refused} | ${round(side.seconds, 1)} | ${round(side.read / side.seconds, 0)} | ${round(side.peakRssMb, 0)} (${round(side.startRssMb, 0)} at start) | ${round(side.bareSeconds, 1)} (${side.bareRows} rows) | ${round(side.bareSeconds / side.seconds, 2)} |`,
      );
    }
    return {
      results,
      details: [
        '### Audience checks',
        `A generated ${MB} MB CSV (${lines} data lines: 5% repeat an earlier number, 2% are not numbers) checked by the audiences.check job's service call (worker thread, batches of 5,000 with their checkpoint), then the same numbers by a bare unnest insert (5,000 a statement) into a similar table:`,
        '',
        '| database | read | kept | refused | check s | lines/s | peak RSS MB | bare insert s | bare s / check s |',
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
        '',
        `Reach: ${reach.recipients} recipients (${reach.capable} RCS-capable) in ${round(reach.seconds, 1)} s through reach() on PostgreSQL (the network's pace allows ${pace.batch * pace.perSecond}/s); the same ${Math.ceil(REACH_RECIPIENTS / pace.batch)} batch calls straight to the sandbox took ${round(reach.ceilingSeconds, 1)} s.`,
      ].join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
