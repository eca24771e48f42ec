import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage.ts';

/**
 * Stored files a module keeps under a key prefix. A file can outlive its row (the process stopped
 * between storing it and committing the row, or a rollback after the upload): the sweep asks the
 * module which of the listed keys it still references and deletes the others.
 */
export interface StoredFiles {
  prefix: string;
  /** The keys of `keys` that a row still points to. */
  referenced(keys: readonly string[]): Promise<ReadonlySet<string>>;
}

/** Younger files are left alone: their upload's transaction may still be open. */
export const SWEEP_GRACE_MS = 24 * 3_600_000;
const BATCH = 500;

/** Deletes the files under each prefix that nothing references and that are older than the grace. */
export async function sweepOrphanedFiles(
  storage: Storage,
  declared: readonly StoredFiles[],
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<{ checked: number; deleted: number }> {
  let checked = 0;
  let deleted = 0;
  for (const files of declared) {
    let batch: string[] = [];
    const settle = async () => {
      if (batch.length === 0) return;
      const referenced = await files.referenced(batch);
      for (const key of batch) {
        if (referenced.has(key)) continue;
        await storage.delete(key);
        deleted += 1;
      }
      batch = [];
    };
    for await (const object of storage.list(files.prefix)) {
      checked += 1;
      if (object.modifiedAt.getTime() > now - SWEEP_GRACE_MS) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) await settle();
    }
    await settle();
  }
  if (deleted > 0) log.info({ checked, deleted }, 'orphaned stored files deleted');
  return { checked, deleted };
}
