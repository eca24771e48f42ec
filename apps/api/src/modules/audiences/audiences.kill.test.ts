import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, withAdmin } from '../../../test/database.ts';
import { createFactories } from '../../../test/factories.ts';
import { type Database, openDatabase, poolOf } from '../../platform/db/index.ts';
import { createLocalStorage } from '../../platform/storage/local.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { createAudiencesService } from './audiences.service.ts';

/**
 * The kill test of issue 27: the audiences.check job runs in a real process of its own
 * (test/audience-check-process.ts, the service's check with its worker thread and batches), is killed
 * with SIGKILL mid-file once some batches are committed, and is started again: every line has one
 * verdict (kept + refused = read = lines), no recipient is kept twice, and the counts are those of a
 * clean run. On PGlite the database is a data directory on disk that the killed process held (PGlite
 * is one process: the test opens it only while no check runs); on PostgreSQL a database of its own.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHILD = path.join(apiDir, 'test/audience-check-process.ts');
const LINES = 200_000;
const BATCH = 5_000;

const spec = inject('testDatabase');
let tmp: string;
let storageDir: string;
/** How the check process and the test reach the database. */
let target: { url?: string; dataDir?: string };
let dropDatabase = async () => {};

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'portico-kill-'));
  storageDir = path.join(tmp, 'files');
  if (spec.kind === 'pglite') {
    target = { dataDir: path.join(tmp, 'pgdata') };
    // The harness's migrated dump, unpacked into a data directory on disk.
    const database = await openDatabase({
      dataDir: target.dataDir,
      loadDataDir: new Blob([await readFile(spec.dumpPath)]),
    });
    await database.close();
  } else {
    const name = `portico_kill_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await withAdmin(spec.serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${spec.template}`));
    target = { url: databaseUrl(spec.serverUrl, name) };
    dropDatabase = () =>
      withAdmin(spec.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      );
  }
}, 120_000);
afterAll(async () => {
  await dropDatabase();
  await rm(tmp, { recursive: true, force: true });
});

async function withDatabase<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir, poolSize: 2 });
  try {
    return await run(database);
  } finally {
    poolOf(database)?.on('error', () => {});
    await database.close();
  }
}

/** Every 10th line repeats the number 5 lines above; every 25th is not a number. */
function* lines(): Generator<string> {
  yield 'msisdn,first_name\n';
  for (let i = 0; i < LINES; i++) {
    const n = i % 10 === 9 ? i - 5 : i;
    yield i % 25 === 24 ? `bad-${i},X\n` : `+91981${String(n).padStart(7, '0')},Name ${i}\n`;
  }
}
const BAD = Math.floor(LINES / 25);
let DUPLICATES = 0;
for (let i = 0; i < LINES; i++) if (i % 10 === 9 && i % 25 !== 24 && (i - 5) % 25 !== 24) DUPLICATES += 1;

interface Run {
  child: ChildProcess;
  batches: number[];
  exited: Promise<number | null>;
  output: string[];
}
function startCheck(audienceId: string, onBatch: (run: Run) => void = () => {}): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, audienceId, storageDir], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      KILL_TEST_DATABASE_URL: target.url ?? '',
      KILL_TEST_DATA_DIR: target.dataDir ?? '',
      KILL_TEST_BATCH_SIZE: String(BATCH),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = {
    child,
    batches: [],
    output: [],
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
  };
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    for (let at = pending.indexOf('\n'); at >= 0; at = pending.indexOf('\n')) {
      const line = pending.slice(0, at);
      pending = pending.slice(at + 1);
      run.output.push(line);
      if (line.startsWith('batch ')) {
        run.batches.push(Number(line.slice(6)));
        onBatch(run);
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => run.output.push(chunk.toString()));
  return run;
}

describe('the audiences.check job killed with SIGKILL mid-file and started again', () => {
  it('keeps each recipient exactly once, gives each line one verdict, and counts as a clean run', async () => {
    const audienceId = await withDatabase(async (database) => {
      const account = await createFactories(database).account(ROLES.DEVELOPER);
      const service = createAudiencesService({
        database,
        repository: createAudiencesRepository(database),
        storage: createLocalStorage(storageDir),
        jobs: { send: async () => null },
        log: { error: () => {} },
        maxRecipients: 1_000_000,
      });
      const created = await service.upload(
        {
          userId: account.user.userId,
          partnerId: account.partner.partnerId,
          email: 'x@example.com',
          role: ROLES.DEVELOPER,
        },
        {
          fileName: 'killed.csv',
          stream: Readable.from(lines()).map((s: string) => Buffer.from(s)),
          truncated: () => false,
        },
      );
      return created.audience_id;
    });

    // First run: killed once three batches are committed, well before the file's end.
    const first = startCheck(audienceId, (run) => {
      if (run.batches.length === 3) run.child.kill('SIGKILL');
    });
    const killedWith = await Promise.race([
      first.exited.then(() => first.child.signalCode),
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 45_000)),
    ]);
    expect(killedWith, first.output.join('\n')).toBe('SIGKILL');
    expect(first.output).not.toContain('done');

    const halfway = await withDatabase(async (database) => {
      const { rows } = await database.sql.query<{ status: string; read_count: number; checked_line: number }>(
        'SELECT status, read_count, checked_line FROM audiences WHERE audience_id = $1',
        [audienceId],
      );
      return rows[0];
    });
    expect(halfway?.status).toBe('checking');
    expect(halfway?.read_count).toBeGreaterThanOrEqual(3 * BATCH);
    expect(halfway?.read_count).toBeLessThan(LINES);

    // Second run: from the checkpoint to the end.
    const second = startCheck(audienceId);
    expect(await second.exited, second.output.join('\n')).toBe(0);
    expect(second.output).toContain('done');
    // It went on from the checkpoint: its first batch ends after the killed run's last committed line.
    expect(second.batches[0]).toBeGreaterThan(halfway?.checked_line ?? 0);

    const result = await withDatabase(async (database) => {
      const q = async <T>(sql: string) =>
        (await database.sql.query<T & Record<string, unknown>>(sql, [audienceId])).rows[0];
      return {
        audience: await q<{
          status: string;
          read_count: number;
          kept_count: number;
          refused_count: number;
          refused_by_reason: Record<string, number>;
        }>(
          'SELECT status, read_count, kept_count, refused_count, refused_by_reason FROM audiences WHERE audience_id = $1',
        ),
        recipients: await q<{ n: number; distinct_numbers: number }>(
          'SELECT count(*)::int AS n, count(DISTINCT msisdn)::int AS distinct_numbers FROM audience_recipients WHERE audience_id = $1',
        ),
        refused: await q<{ n: number; distinct_lines: number }>(
          'SELECT count(*)::int AS n, count(DISTINCT line)::int AS distinct_lines FROM audience_refused_lines WHERE audience_id = $1',
        ),
      };
    });
    const kept = LINES - BAD - DUPLICATES;
    expect(result.audience).toMatchObject({
      status: 'ready',
      read_count: LINES,
      kept_count: kept,
      refused_count: BAD + DUPLICATES,
    });
    expect(result.audience?.refused_by_reason).toMatchObject({ bad_number: BAD, duplicate: DUPLICATES });
    expect(result.recipients).toEqual({ n: kept, distinct_numbers: kept });
    expect(result.refused).toEqual({ n: BAD + DUPLICATES, distinct_lines: BAD + DUPLICATES });
  }, 120_000);
});
