// Finding 12 (issue 10): a read-only, corrupted or misplaced embedded database stops the server with
// a message that names the folder and the likely cause, not "PGlite failed to initialize properly"
// and a stack.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, embeddedDatabaseProblem, openDatabase } from '../../src/platform/db/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'portico-bad-db-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder that looks like a PGlite database whose files were damaged. */
function damagedDatabase(dir = path.join(scratch, `damaged-${Math.random().toString(36).slice(2)}`)): string {
  mkdirSync(path.join(dir, 'global'), { recursive: true });
  writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dir, 'global', 'pg_control'), 'not a control file');
  return dir;
}

async function openError(dataDir: string): Promise<DatabaseOpenError> {
  const error = await openDatabase({ dataDir }).then(
    (database) => {
      void database.close();
      throw new Error('the database opened');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseOpenError);
  return error as DatabaseOpenError;
}

describe('opening a bad embedded database', () => {
  it('when its files are damaged then the error names the folder and says so', async () => {
    const dir = damagedDatabase();
    const error = await openError(dir);
    expect(error.message).toContain(dir);
    expect(error.message).toMatch(/files look damaged or incomplete/);
    expect(error.message).toMatch(/Restore the folder from a backup, or move it aside/);
  });

  it('when a file stands where the folder should be then the error names the path and the cause', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    const error = await openError(path.join(file, 'pglite'));
    expect(error.message).toContain(path.join(file, 'pglite'));
    expect(error.message).toMatch(/cannot be created: a file stands where a folder should be \(ENOTDIR\)/);
    expect(error.message).toMatch(/DATA_DIR/);
  });

  it.each([
    ['EROFS', 'the file system is mounted read-only'],
    ['EACCES', 'this process may not write there'],
  ])(
    'when the folder cannot be written (%s) then it says the database is read-only and why',
    (code, cause) => {
      const message = embeddedDatabaseProblem(
        '/srv/portico/pglite',
        'write',
        Object.assign(new Error('x'), { code }),
      );
      expect(message).toBe(
        `The embedded database at /srv/portico/pglite is read-only: ${cause} (${code}). PGlite writes to its folder even to read. Give this process write access to it, or set DATA_DIR to a folder this process can write, or DATABASE_URL to use PostgreSQL.`,
      );
    },
  );

  it('when a new database cannot be created in an empty folder then it does not blame damaged files', () => {
    const message = embeddedDatabaseProblem(
      '/srv/x',
      'open',
      new Error('PGlite failed to initialize properly'),
      {
        hadFiles: false,
      },
    );
    expect(message).toMatch(/^A new embedded database could not be created in \/srv\/x/);
  });

  it('when the server starts on a damaged database then it prints the folder and the cause, no stack, and exits 1', () => {
    // The server opens DATA_DIR/pglite.
    const dataDir = path.join(scratch, 'data');
    const dir = damagedDatabase(path.join(dataDir, 'pglite'));
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, SANDBOX: '1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain(`The embedded database at ${dir} could not be opened`);
    expect(result.stderr).not.toMatch(/^\s+at .*\.ts:\d+/m);
  }, 120_000);
});
