/**
 * The audiences.check job in a process of its own, for the kill test (audiences.kill.test.ts): opens
 * the test's database (KILL_TEST_DATABASE_URL, or the PGlite data directory KILL_TEST_DATA_DIR),
 * runs the check of one audience as the job worker does (its worker thread, its batches), and
 * writes `batch <last line>` on stdout once each batch's unit of work is committed, then `done`.
 * Usage: tsx audience-check-process.ts <audience id> <storage folder>
 */
import { createAudiencesRepository } from '../src/modules/audiences/audiences.repository.ts';
import { createAudiencesService } from '../src/modules/audiences/audiences.service.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { createLocalStorage } from '../src/platform/storage/local.ts';

const [audienceId, storageDir] = process.argv.slice(2);
if (!audienceId || !storageDir)
  throw new Error('usage: audience-check-process.ts <audience id> <storage folder>');

const database = await openDatabase({
  url: process.env.KILL_TEST_DATABASE_URL || undefined,
  dataDir: process.env.KILL_TEST_DATA_DIR,
  poolSize: 2,
});
const repository = createAudiencesRepository(database);
let stored: number | undefined;
const reporting = {
  ...repository,
  // A batch's unit of work stores it; the next one starts after it committed: say so then.
  async storeBatch(...args: Parameters<typeof repository.storeBatch>) {
    stored = args[1].lastLine;
    return repository.storeBatch(...args);
  },
  async audienceForUpdate(id: string) {
    if (stored !== undefined) process.stdout.write(`batch ${stored}\n`);
    stored = undefined;
    return repository.audienceForUpdate(id);
  },
};
const service = createAudiencesService({
  database,
  repository: reporting,
  storage: createLocalStorage(storageDir),
  jobs: { send: async () => null },
  log: { error: (...args: unknown[]) => console.error(...args) },
  maxRecipients: 1_000_000,
  batchSize: Number(process.env.KILL_TEST_BATCH_SIZE ?? 5_000),
});
await service.check(audienceId);
await database.close();
process.stdout.write('done\n');
