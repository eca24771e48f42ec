import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { BackupError, backupInstance, countRows, restoreInstance } from '../../src/platform/backup/backup.ts';
import { type Database, openDatabase, poolOf } from '../../src/platform/db/index.ts';
import { createStorage, type Storage } from '../../src/platform/storage/index.ts';
import { seedModules } from '../../src/seed.ts';
import { databaseUrl, withAdmin } from '../database.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers.ts';

const spec = inject('testDatabase');
let t: TestApp;
let storage: Storage;
let folder: string;
/** Databases this file made on the PostgreSQL server (dropped at the end). */
const made: string[] = [];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'portico-backup-'));
  // A demo instance: the demo data made by the product's own seeds, with its stored files.
  t = await createTestApp({ env: { DEMO: '1' } });
  await seedModules(t.database, t.config, { demo: true });
  storage = createStorage(t.config.storage);
  await storage.put('public/backup-check/hello.txt', Buffer.from('kept through a restore'), 'text/plain');
}, 600_000);

afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
  if (spec.kind === 'postgres') {
    for (const name of made) {
      await withAdmin(spec.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  }
});

/** The configuration of a new instance: its own data folder and files, and on PostgreSQL a new empty database. */
async function newInstance(name: string): Promise<Config> {
  const dir = path.join(folder, name);
  const env: Record<string, string> = { DATA_DIR: dir, STORAGE_URL: `file://${path.join(dir, 'files')}` };
  if (spec.kind === 'postgres') {
    const database = `portico_restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await withAdmin(spec.serverUrl, (c) => c.query(`CREATE DATABASE ${database}`));
    made.push(database);
    env.DATABASE_URL = databaseUrl(spec.serverUrl, database);
  }
  return testConfig(env);
}

/** The configuration the backed-up instance runs with (on PostgreSQL, the URL of its database). */
function sourceConfig(database: Database): Config {
  const url = poolOf(database)?.options.connectionString;
  return url ? { ...t.config, DATABASE_URL: url } : t.config;
}

/** The wallet's invariants over every partner: double entry sums to zero, balances are their entries, holds are held. */
async function walletBalanced(database: Database) {
  const one = async (sql: string) => (await database.sql.query<{ v: string | null }>(sql)).rows[0]?.v ?? null;
  return {
    entriesSum: await one('SELECT coalesce(sum(amount), 0)::text AS v FROM ledger_entries'),
    accountsOff: await one(
      `SELECT count(*)::text AS v FROM ledger_accounts a
        WHERE a.partner_id IS NOT NULL
          AND a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.account_id)`,
    ),
    holdsOff: await one(
      `SELECT count(*)::text AS v FROM ledger_accounts a
        WHERE a.kind = 'holds'
          AND a.balance <> (SELECT coalesce(sum(h.amount), 0) FROM ledger_holds h
                             WHERE h.partner_id = a.partner_id AND h.status = 'held')`,
    ),
  };
}

describe('backup and restore', () => {
  it('a demo instance backed up and restored into a new one holds every row and file, and its wallet balances', async () => {
    const before = await countRows(t.database);
    const wallets = await walletBalanced(t.database);
    expect(wallets).toEqual({ entriesSum: '0', accountsOff: '0', holdsOff: '0' });
    expect(before['public.users']).toBeGreaterThan(10);
    expect(before['public.ledger_entries']).toBeGreaterThan(0);

    const backup = path.join(folder, 'backup');
    const manifest = await backupInstance({
      config: sourceConfig(t.database),
      database: t.database,
      storage,
      to: backup,
    });
    expect(manifest).toMatchObject({ format: 1, database: t.database.kind, rows: before });
    expect(manifest.files).toBeGreaterThan(0);

    const target = await newInstance('restored');
    const restored = await restoreInstance({ config: target, from: backup });
    expect(restored.rows).toEqual(before);
    expect(restored.files).toBe(manifest.files);

    // Every stored file is there with its bytes and type.
    const restoredFiles = createStorage(target.storage);
    for await (const { key } of storage.list('')) {
      const [was, is] = await Promise.all([storage.get(key), restoredFiles.get(key)]);
      expect(is?.contentType, key).toBe(was?.contentType);
      expect(is?.bytes.equals(was?.bytes ?? Buffer.alloc(0)), key).toBe(true);
    }
    // The restored instance opens (migrations already applied) with the wallet as it was.
    const database = await openDatabase(
      target.DATABASE_URL ? { url: target.DATABASE_URL } : { dataDir: path.join(target.DATA_DIR, 'pglite') },
    );
    try {
      expect(await walletBalanced(database)).toEqual(wallets);
      const money = 'SELECT coalesce(sum(balance), 0)::text AS v FROM ledger_accounts';
      expect((await database.sql.query(money)).rows).toEqual((await t.database.sql.query(money)).rows);
    } finally {
      await database.close();
    }

    // A second restore over it is refused: nothing is overwritten unless asked.
    await expect(restoreInstance({ config: target, from: backup })).rejects.toThrow(BackupError);
    // A backup into a folder that holds something is refused too.
    await expect(
      backupInstance({ config: sourceConfig(t.database), database: t.database, storage, to: backup }),
    ).rejects.toThrow('is not empty');
  }, 600_000);

  it('refuses a folder that holds no backup, with a message saying so', async () => {
    const target = await newInstance('nothing');
    await expect(restoreInstance({ config: target, from: folder })).rejects.toThrow(
      'holds no Portico backup',
    );
  });
});
