import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packageDir } from '../package-paths.ts';
import {
  assertChannel,
  type Notifications,
  pgliteNotifications,
  postgresNotifications,
} from './notifications.ts';
import { oneQueryAtATime } from './one-query-at-a-time.ts';

/** The one database handle type used by every repository, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Raw SQL for the few places drizzle's builder is not the right tool (pg-boss, benchmarks). */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs several statements without parameters (setup SQL). */
  exec(text: string): Promise<void>;
}

/** The connection of an open transaction, as pg-boss takes it (`send(..., { db })`). */
export interface TransactionConnection {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * The handle every repository uses. Inside `transaction()` it is that transaction (the unit of
   * work the async context runs in), elsewhere the pool: repositories never pass transactions around.
   */
  db: Db;
  /** Raw SQL, joining the current transaction like `db`. */
  sql: SqlExecutor;
  /**
   * Runs a use case in one transaction: every repository call, audit row and job enqueued inside
   * commits with it or not at all. A nested call joins the outer transaction through a savepoint.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** The connection of the transaction the caller runs in, if any (job sends join it). */
  currentTransaction(): TransactionConnection | undefined;
  /**
   * Sends a notification on `channel` (PostgreSQL NOTIFY, every instance's listeners hear it). Inside
   * a unit of work it is sent when the unit commits, and not at all if it fails.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Listens to a channel's notifications in this process (one LISTEN per channel per process). */
  listen: Notifications['listen'];
  close(): Promise<void>;
}

/** The committed migrations (apps/api/drizzle), applied at start. */
export const migrationsFolder = path.join(packageDir('@portico/api'), 'drizzle');

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite in `dataDir`. */
  url?: string | undefined;
  /** PGlite data directory (created when missing); `memory://` for an in-memory database. */
  dataDir?: string | undefined;
  /** A PGlite data directory dump (tar) to start from, used by the test harness to clone a migrated database. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
  /** Another migrations folder (the upgrade test applies an earlier release's set first). */
  migrationsFolder?: string;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options);
  await migrateDatabase(database, options.migrationsFolder ?? migrationsFolder);
  return database;
}

/** The embedded database could not be opened: the message names its folder and the likely cause. */
export class DatabaseOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseOpenError';
  }
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]?.slice(0, 200) ?? '';
const ACCESS_CAUSES: Record<string, string> = {
  EROFS: 'the file system is mounted read-only',
  EACCES: 'this process may not write there',
  EPERM: 'this process may not write there',
  ENOTDIR: 'a file stands where a folder should be',
  EEXIST: 'a file stands where the folder should be',
  ENOSPC: 'the disk is full',
};

/**
 * What went wrong opening the embedded database at `dir`, in words an operator can act on (the
 * bare PGlite error is "PGlite failed to initialize properly" or "Aborted()"). `step` is where it
 * failed: creating the folder, writing to it, or opening the files in it.
 */
export function embeddedDatabaseProblem(
  dir: string,
  step: 'create' | 'write' | 'open',
  error: unknown,
  facts: { hadFiles: boolean } = { hadFiles: true },
): string {
  const code = errorCode(error);
  const cause = typeof code === 'string' ? ACCESS_CAUSES[code] : undefined;
  const fix = 'Set DATA_DIR to a folder this process can write, or DATABASE_URL to use PostgreSQL.';
  if (step === 'create') {
    return `The embedded database folder ${dir} cannot be created: ${cause ?? firstLine(error)} (${String(code ?? 'error')}). ${fix}`;
  }
  if (step === 'write') {
    return `The embedded database at ${dir} is read-only: ${cause ?? firstLine(error)} (${String(code ?? 'error')}). PGlite writes to its folder even to read. Give this process write access to it, or ${fix.charAt(0).toLowerCase()}${fix.slice(1)}`;
  }
  if (!facts.hadFiles) {
    return `A new embedded database could not be created in ${dir} (${firstLine(error)}). Check that the disk has space and the folder is writable. ${fix}`;
  }
  return `The embedded database at ${dir} could not be opened: its files look damaged or incomplete, or were written by another PGlite version (${firstLine(error)}). Restore the folder from a backup, or move it aside to start with an empty database.`;
}

/** Whether this process can write in `dir`: null, or the error a write gave. */
function writeProblem(dir: string): unknown {
  const probe = path.join(dir, `.portico-write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return null;
  } catch (error) {
    return error;
  }
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  const createOptions = {
    // The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand).
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  let lite: PGlite;
  if (dataDir.startsWith('memory://')) {
    lite = await PGlite.create(dataDir, createOptions);
  } else {
    const dir = path.resolve(dataDir);
    try {
      mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new DatabaseOpenError(embeddedDatabaseProblem(dir, 'create', error), { cause: error });
    }
    const unwritable = writeProblem(dir);
    if (unwritable) {
      throw new DatabaseOpenError(embeddedDatabaseProblem(dir, 'write', unwritable), { cause: unwritable });
    }
    const hadFiles = existsSync(path.join(dir, 'PG_VERSION'));
    try {
      lite = await PGlite.create(dir, createOptions);
    } catch (error) {
      throw new DatabaseOpenError(embeddedDatabaseProblem(dir, 'open', error, { hadFiles }), {
        cause: error,
      });
    }
  }
  const db = drizzlePglite(lite) as unknown as Db;
  const notifications = pgliteNotifications(lite);
  return {
    ...withUnitOfWork('pglite', db, {
      query: async <Row>(text: string, values?: unknown[]) => {
        const result = await lite.query<Row>(text, values as unknown[] | undefined);
        return { rows: result.rows };
      },
      exec: async (text) => {
        await lite.exec(text);
      },
    }),
    listen: notifications.listen,
    close: async () => {
      await notifications.close();
      await lite.close();
    },
    // Exposed for the test harness (dumpDataDir) and pg-boss.
    ...{ lite },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A unit of work's side-by-side reads reach its connection one at a time (pg 9 will not queue them).
  pool.on('connect', (client) => oneQueryAtATime(client));
  const db = drizzlePg(pool) as unknown as Db;
  const notifications = postgresNotifications(url);
  return {
    ...withUnitOfWork('postgres', db, {
      query: async <Row>(text: string, values?: unknown[]) => {
        const result = await pool.query(text, values);
        return { rows: result.rows as Row[] };
      },
      exec: async (text) => {
        await pool.query(text);
      },
    }),
    listen: notifications.listen,
    close: async () => {
      await notifications.close();
      await pool.end();
    },
    // Exposed for pg-boss, which needs multi-statement simple queries on one connection.
    ...{ pool },
  };
}

/** The connection drizzle holds for a transaction: a pg PoolClient, or PGlite's Transaction. */
interface Connection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * drizzle keeps a transaction's connection on its session; pg-boss and raw SQL need it to join the
 * same transaction. (drizzle-orm is pinned; the unit-of-work tests exercise this on both drivers.)
 */
function connectionOf(tx: Db): Connection {
  const client = (tx as unknown as { session?: { client?: Connection } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('the transaction exposes no connection (drizzle-orm internals changed)');
  }
  return client;
}

interface OpenTransaction {
  db: Db;
  sql: SqlExecutor;
  connection: TransactionConnection;
}

function openTransaction(tx: Db): OpenTransaction {
  const connection = connectionOf(tx);
  return {
    db: tx,
    sql: {
      query: async <Row>(text: string, values?: unknown[]) => ({
        rows: (await connection.query(text, values ?? [])).rows as Row[],
      }),
      exec: async (text) => {
        // A pg client runs several statements as one simple query; PGlite's transaction has exec.
        const exec = (connection as Connection & { exec?: (t: string) => Promise<unknown> }).exec;
        if (exec) await exec.call(connection, text);
        else await connection.query(text);
      },
    },
    connection: { executeSql: (text, values) => connection.query(text, values ?? []) },
  };
}

/**
 * The unit of work (decision 0013): the transaction an async context runs in is kept in
 * AsyncLocalStorage, and `db`/`sql` resolve to it, so a service's use case is one transaction that
 * every repository, the audit log and the job queue share without passing it along.
 */
function withUnitOfWork(
  kind: Database['kind'],
  root: Db,
  rootSql: SqlExecutor,
): Omit<Database, 'close' | 'listen'> {
  const current = new AsyncLocalStorage<OpenTransaction>();
  const active = () => current.getStore();

  const transaction = <T>(work: () => Promise<T>): Promise<T> => {
    const outer = active();
    // Nested: a savepoint of the outer transaction, so a caught inner failure undoes only its part.
    return (outer?.db ?? root).transaction((tx) => current.run(openTransaction(tx), work));
  };

  const db = new Proxy(root, {
    get(target, property) {
      const handle = active()?.db ?? target;
      if (property === 'transaction') {
        // drizzle's own db.transaction(cb) joins the unit of work too (as a savepoint inside one).
        return <T>(run: (tx: Db) => Promise<T>) => transaction(() => run(active()?.db ?? handle));
      }
      const value = Reflect.get(handle, property, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
  const sql: SqlExecutor = {
    query: (text, values) => (active()?.sql ?? rootSql).query(text, values),
    exec: (text) => (active()?.sql ?? rootSql).exec(text),
  };
  return {
    kind,
    db,
    sql,
    transaction,
    currentTransaction: () => active()?.connection,
    async notify(channel, payload) {
      assertChannel(channel);
      await sql.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
  };
}

async function migrateDatabase(database: Database, folder: string): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type.
    await migratePglite(database.db as any, { migrationsFolder: folder });
    return;
  }
  // Several instances starting at once against one server: the first migrates, the others wait on
  // the lock and then find nothing left to apply (drizzle's own migrator does not lock).
  await underAdvisoryLock(database, MIGRATION_LOCK_KEY, (client) =>
    migratePg(drizzlePg(client as pg.PoolClient), { migrationsFolder: folder }),
  );
}

/** The advisory lock key that serialises migrations across instances (any constant bigint). */
const MIGRATION_LOCK_KEY = 7_400_121_001;
/** The advisory lock key that serialises pg-boss's install and queue set-up across instances. */
export const JOB_QUEUE_SETUP_LOCK_KEY = 7_400_121_002;

/**
 * Runs `work` only if this process can take the session advisory lock named by (`space`, `name`) now,
 * holding it until `work` ends; null when another process holds it. On PGlite (one process) it runs.
 * A process killed while holding it releases it with its connection, so another may take over.
 */
export async function ifAdvisoryLockFree<T>(
  database: Pick<Database, 'transaction'>,
  space: number,
  name: string,
  work: () => Promise<T>,
): Promise<T | null> {
  const pool = poolOf(database as Database);
  if (!pool) return work();
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
      [space, name],
    );
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [space, name]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `work` while this process holds a session advisory lock on PostgreSQL (other processes asking
 * for the same key wait), on a connection of its own that `work` may use. On PGlite (one process)
 * it simply runs. A process that dies while holding it releases it with its connection.
 */
export async function underAdvisoryLock<T>(
  database: Database,
  key: number,
  work: (client: pg.PoolClient | null) => Promise<T>,
): Promise<T> {
  const pool = poolOf(database);
  if (!pool) return work(null);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

/** The PGlite instance behind a database, for dumping it (tests) or handing it to pg-boss. */
export function pgliteOf(database: Database): PGlite | undefined {
  return (database as Database & { lite?: PGlite }).lite;
}

/** The pg pool behind a PostgreSQL database (pg-boss). */
export function poolOf(database: Database): pg.Pool | undefined {
  return (database as Database & { pool?: pg.Pool }).pool;
}

/** `select 1`: whether the database answers (readiness). */
export async function pingDatabase(database: Database): Promise<boolean> {
  try {
    const { rows } = await database.sql.query<{ ok: number }>('select 1 as ok');
    return rows[0]?.ok === 1;
  } catch {
    return false;
  }
}
