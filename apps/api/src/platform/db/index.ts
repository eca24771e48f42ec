import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export { schema };
export type Schema = typeof schema;
/** The one database handle type used by every repository, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL for the few places drizzle's builder is not the right tool (pg-boss, benchmarks). */
export interface SqlExecutor {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs several statements without parameters (setup SQL). */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite in `dataDir`. */
  url?: string | undefined;
  /** PGlite data directory (created when missing); `memory://` for an in-memory database. */
  dataDir?: string | undefined;
  /** A PGlite data directory dump (tar) to start from, used by the test harness to clone a migrated database. */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : await openPglite(options);
  await migrateDatabase(database);
  return database;
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(lite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    sql: {
      query: async <Row>(text: string, values?: unknown[]) => {
        const result = await lite.query<Row>(text, values as unknown[] | undefined);
        return { rows: result.rows };
      },
      exec: async (text) => {
        await lite.exec(text);
      },
    },
    close: () => lite.close(),
    // Exposed for the test harness (dumpDataDir) and pg-boss.
    ...{ lite },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    sql: {
      query: async <Row>(text: string, values?: unknown[]) => {
        const result = await pool.query(text, values);
        return { rows: result.rows as Row[] };
      },
      exec: async (text) => {
        await pool.query(text);
      },
    },
    close: () => pool.end(),
    // Exposed for pg-boss, which needs multi-statement simple queries on one connection.
    ...{ pool },
  };
}

async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific database type.
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  const pool = poolOf(database);
  if (!pool) throw new Error('expected a PostgreSQL pool');
  // Several instances starting at once against one server: the first migrates, the others wait on
  // the lock and then find nothing left to apply (drizzle's own migrator does not lock).
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The advisory lock key that serialises migrations across instances (any constant bigint). */
const MIGRATION_LOCK_KEY = 7_400_121_001;

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
