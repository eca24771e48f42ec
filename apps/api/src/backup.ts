/**
 * `npm run backup [-- FOLDER]` and `npm run restore -- FOLDER [--replace]`: an instance's database and
 * stored files into a folder, and back into a new instance (docs/OPERATIONS.md). The configuration is
 * the server's own (DATA_DIR or DATABASE_URL, STORAGE_URL). Relative folders are the caller's.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { BackupError, backupInstance, restoreInstance } from './platform/backup/backup.ts';
import { createStorage } from './platform/storage/index.ts';
import { openConfiguredDatabase } from './server.ts';

const USAGE = 'usage: npm run backup [-- FOLDER]   or   npm run restore -- FOLDER [--replace]';
/** npm runs workspace scripts in the package's folder; a folder the caller names is theirs. */
const callerPath = (folder: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
const sum = (rows: Record<string, number>) => Object.values(rows).reduce((a, b) => a + b, 0);

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const replace = rest.includes('--replace');
  const folder = rest.find((arg) => !arg.startsWith('--'));
  const config = loadConfig();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const to = callerPath(folder ?? path.join('backups', `portico-${stamp}`));
    const database = await openConfiguredDatabase(config);
    try {
      const manifest = await backupInstance({ config, database, storage: createStorage(config.storage), to });
      console.log(
        `Backed up to ${to}: ${Object.keys(manifest.rows).length} tables, ${sum(manifest.rows)} rows, ${manifest.files} files.`,
      );
    } finally {
      await database.close();
    }
    return 0;
  }
  if (command === 'restore' && folder) {
    const restored = await restoreInstance({ config, from: callerPath(folder), replace });
    const short = Object.entries(restored.manifest.rows).filter(
      ([table, n]) => (restored.rows[table] ?? 0) < n,
    );
    for (const [table, n] of short)
      console.error(`${table}: ${restored.rows[table] ?? 0} rows, the backup had ${n}`);
    if (restored.files < restored.manifest.files) {
      console.error(`${restored.files} files restored, the backup had ${restored.manifest.files}`);
    }
    if (short.length > 0 || restored.files < restored.manifest.files) return 1;
    console.log(
      `Restored ${sum(restored.rows)} rows and ${restored.files} files; every table holds what the backup did.`,
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  },
);
