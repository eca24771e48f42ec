import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase, pgliteOf } from '../src/platform/db/index.ts';
import { seedReferenceData } from '../src/platform/db/seed/index.ts';
import { bossConstructionSql } from '../src/platform/jobs/boss.ts';
import { loadIdentitySecrets } from '../src/platform/oidc/keys.ts';
import { databaseUrl, type TestDatabaseSpec } from './database.ts';

/** Everything every test database starts with, prepared once: migrations, pg-boss, reference data, identity keys. */
async function prepare(database: Database): Promise<void> {
  await database.sql.exec(bossConstructionSql());
  await seedReferenceData(database);
  // Generating the provider's RSA key once here keeps it out of every test file's start-up.
  await loadIdentitySecrets(database);
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `portico_tpl_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: databaseUrl(serverUrl, template), poolSize: 2 });
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template } satisfies TestDatabaseSpec);
    return async () => {
      await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }

  const database = await openDatabase({ dataDir: 'memory://' });
  const dir = await mkdtemp(path.join(tmpdir(), 'portico-test-db-'));
  const dumpPath = path.join(dir, 'template.tar');
  try {
    await prepare(database);
    const lite = pgliteOf(database);
    if (!lite) throw new Error('expected PGlite');
    const blob = await lite.dumpDataDir('none');
    await writeFile(dumpPath, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pglite', dumpPath } satisfies TestDatabaseSpec);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
