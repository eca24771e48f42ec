import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, poolOf } from '../src/platform/db/index.ts';

/** What the global setup prepared: a PGlite dump to load, or a PostgreSQL template database to copy. */
export type TestDatabaseSpec =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSpec;
  }
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  close(): Promise<void>;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` with a connection to the server's maintenance database (create and drop databases). */
export async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let dump: Promise<Buffer> | undefined;

/** A fresh database with the migrations, pg-boss's schema and the reference data, private to the caller. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const spec = inject('testDatabase');
  if (spec.kind === 'pglite') {
    dump ??= readFile(spec.dumpPath);
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await dump]) });
    return { database, close: () => database.close() };
  }

  const name = `portico_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  // Several files clone the template at once; PostgreSQL refuses while another CREATE is copying it.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withAdmin(spec.serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${spec.template}`));
      break;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('is being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const database = await openDatabase({ url: databaseUrl(spec.serverUrl, name), poolSize: 5 });
  return {
    database,
    close: async () => {
      // A pooled connection still closing when the database is dropped is terminated: expected, not an error.
      poolOf(database)?.on('error', () => {});
      await database.close();
      await withAdmin(spec.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
