import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase, poolOf } from '@portico/api/platform/db/index';
import { databaseUrl, withAdmin } from '../../apps/api/test/database.ts';

export const BENCH_DATABASE_NAME = 'portico_bench';

export interface BenchDatabase {
  database: Database;
  /** What the environment entry says about it, e.g. `postgres 15.20` or `pglite`. */
  description: string;
  /** PGlite's data directory or the PostgreSQL URL of the bench database (for the server's config). */
  location: { dataDir: string } | { url: string };
  /** Closes the connection and removes what was created (temp dir or the bench database). */
  dispose(): Promise<void>;
}

/**
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a fresh database, by
 * default `portico_bench`, dropped afterwards), else PGlite in a temporary directory. Migrated, not yet seeded.
 */
export async function openBenchDatabase(
  env: NodeJS.ProcessEnv = process.env,
  /** Another name lets a second benchmark's database exist beside the stack's. */
  name = BENCH_DATABASE_NAME,
): Promise<BenchDatabase> {
  const serverUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  if (serverUrl) {
    const version = await withAdmin(serverUrl, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const { rows } = await admin.query<{ server_version: string }>('SHOW server_version');
      return rows[0]?.server_version ?? 'unknown';
    });
    const url = databaseUrl(serverUrl, name);
    const database = await openDatabase({ url });
    let disposed = false;
    return {
      database,
      description: `postgres ${version.split(' ')[0]}`,
      location: { url },
      async dispose() {
        if (disposed) return;
        disposed = true;
        // A connection still open when the database is dropped is terminated: expected, not an error.
        poolOf(database)?.on('error', () => {});
        await database.close();
        await withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  const dataDir = path.join(dir, 'pglite');
  const database = await openDatabase({ dataDir });
  let disposed = false;
  return {
    database,
    description: 'pglite',
    location: { dataDir: dir },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
