import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { type Database, openDatabase, pgliteOf } from '../db/index.ts';
import { createStorage, type Storage } from '../storage/index.ts';
import { createLocalStorage } from '../storage/local.ts';

const run = promisify(execFile);

/** What a backup holds, written beside it as manifest.json and checked again after a restore. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: Database['kind'];
  /** Migrations applied when it was taken (a restore into a newer version applies the rest). */
  migrations: number;
  /** Rows of every table (the portal's, the job queue's and the migrations' own), just before the dump. */
  rows: Record<string, number>;
  /** Stored files (uploads, logos, documents, audiences) and their bytes. */
  files: number;
}

const MANIFEST = 'manifest.json';
/** The embedded database's data directory, as a PGlite dump (gzipped tar). */
const PGLITE_DUMP = 'database.tar.gz';
/** A PostgreSQL server's database, as `pg_dump --format=custom`. */
const POSTGRES_DUMP = 'database.pgdump';
const FILES = 'files';
const SCHEMAS = ['public', 'pgboss', 'drizzle'];

/** A backup or restore that cannot be done as asked: the message says what to do instead. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Rows of every table of the schemas a backup holds, by `schema.table`. */
export async function countRows(database: Database): Promise<Record<string, number>> {
  const { rows: tables } = await database.sql.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
       FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1)
      ORDER BY 1`,
    [SCHEMAS],
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows: counted } = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${name}`,
    );
    rows[name] = counted[0]?.n ?? 0;
  }
  return rows;
}

async function isEmptyDirectory(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Copies every stored object from one store to another (a directory store is copied as a directory). */
async function copyFiles(from: Storage, to: Storage): Promise<number> {
  if (from.kind === 'file' && to.kind === 'file' && 'dir' in from && 'dir' in to) {
    // A store nothing was ever written to has no folder yet: nothing to copy.
    if (await isEmptyDirectory(String(from.dir))) return 0;
    await cp(String(from.dir), String(to.dir), { recursive: true, force: true });
    let files = 0;
    for await (const _ of to.list('')) files += 1;
    return files;
  }
  // A bucket on either side: object by object (the product's largest file is an audience of 100 MB).
  let files = 0;
  for await (const { key } of from.list('')) {
    const file = await from.get(key);
    if (!file) continue;
    await to.put(key, file.bytes, file.contentType);
    files += 1;
  }
  return files;
}

/** How many tables of the backed-up schemas a PostgreSQL database has (0: a new database). */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1)",
      [SCHEMAS],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function migrationsApplied(database: Database): Promise<number> {
  const { rows } = await database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  return rows[0]?.n ?? 0;
}

/**
 * Backs up an instance into `to` (a new or empty directory): the database first, then the stored
 * files, so every file a backed-up row names is in the backup. The embedded database must not be
 * served by a running Portico while it is backed up (PGlite is one process's); a PostgreSQL server
 * is dumped live (pg_dump's one consistent snapshot; the client tools must be installed).
 */
export async function backupInstance(options: {
  config: Config;
  database: Database;
  storage: Storage;
  to: string;
}): Promise<BackupManifest> {
  const { config, database, storage, to } = options;
  if (!(await isEmptyDirectory(to))) throw new BackupError(`${to} is not empty: back up into a new folder.`);
  await mkdir(to, { recursive: true });
  const rows = await countRows(database);
  const migrations = await migrationsApplied(database);
  if (database.kind === 'pglite') {
    const lite = pgliteOf(database);
    if (!lite) throw new BackupError('The embedded database is not open.');
    const dump = await lite.dumpDataDir('gzip');
    await writeFile(path.join(to, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
  } else {
    if (!config.DATABASE_URL) throw new BackupError('DATABASE_URL names no PostgreSQL server.');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(to, POSTGRES_DUMP),
      config.DATABASE_URL,
    ]);
  }
  const files = await copyFiles(storage, createLocalStorage(path.join(to, FILES)));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migrations,
    rows,
    files,
  };
  await writeFile(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${from} holds no Portico backup (no readable ${MANIFEST}).`);
  }
  if (manifest.format !== 1) throw new BackupError(`${from} is a backup of an unknown format.`);
  return manifest;
}

/**
 * Restores a backup into the instance the configuration names, which must be new (an empty data
 * directory or database, an empty store) unless `replace` is set; then opens it (applying the
 * migrations of this version, if the backup is older) and answers what it holds, for the caller
 * to compare with the manifest.
 */
export async function restoreInstance(options: {
  config: Config;
  from: string;
  replace?: boolean;
}): Promise<{ manifest: BackupManifest; rows: Record<string, number>; files: number }> {
  const { config, from, replace = false } = options;
  const manifest = await readManifest(from);
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new BackupError(
      `The backup is of ${manifest.database === 'pglite' ? 'the embedded database' : 'a PostgreSQL server'}; set ${manifest.database === 'pglite' ? 'no DATABASE_URL' : 'DATABASE_URL'} to restore it.`,
    );
  }
  const storage = createStorage(config.storage);
  if (
    storage.kind === 'file' &&
    'dir' in storage &&
    !replace &&
    !(await isEmptyDirectory(String(storage.dir)))
  ) {
    throw new BackupError(
      `The file store ${String(storage.dir)} is not empty (restore with --replace to overwrite).`,
    );
  }

  let database: Database;
  if (target === 'pglite') {
    const dataDir = path.join(config.DATA_DIR, 'pglite');
    if (!(await isEmptyDirectory(dataDir))) {
      if (!replace) throw new BackupError(`${dataDir} is not empty (restore with --replace to overwrite).`);
      await rm(dataDir, { recursive: true, force: true });
    }
    const dump = new Blob([await readFile(path.join(from, PGLITE_DUMP))]);
    database = await openDatabase({ dataDir, loadDataDir: dump });
  } else {
    const url = config.DATABASE_URL ?? '';
    const present = await tablesIn(url);
    if (present > 0 && !replace) {
      throw new BackupError('The PostgreSQL database is not empty (restore with --replace to overwrite).');
    }
    await run('pg_restore', [
      '--no-owner',
      ...(replace ? ['--clean', '--if-exists'] : []),
      '--dbname',
      url,
      path.join(from, POSTGRES_DUMP),
    ]);
    database = await openDatabase({ url });
  }
  try {
    const files = await copyFiles(createLocalStorage(path.join(from, FILES)), storage);
    return { manifest, rows: await countRows(database), files };
  } finally {
    await database.close();
  }
}
