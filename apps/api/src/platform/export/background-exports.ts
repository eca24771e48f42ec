import { randomUUID } from 'node:crypto';
import type { TExportStarted, TExportStatus } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../storage/storage.ts';
import type { StoredFiles } from '../storage/sweep.ts';
import type { SignedDownloads } from '../uploads/signed-downloads.ts';
import { CONTENT_TYPES, type ExportFormat, type ExportTable } from './tables.ts';
import { renderInWorker } from './worker-pool.ts';

/**
 * Large exports with progress (issue 31 point 5). The request that asks for one answers at once; the
 * export worker thread renders the table, and what it has done is kept in storage beside the file,
 * so any process can answer the progress calls and hand back the file as a signed link once it is
 * ready. The files are swept with the orphans (nothing references them), a day after they were made.
 */
export interface BackgroundExports {
  /** Starts rendering `table` for `owner` (a user id) and answers its id at once. */
  start(owner: string, format: ExportFormat, fileName: string, table: ExportTable): Promise<TExportStarted>;
  /** Where the owner's export stands, or null for no such export or someone else's. */
  status(owner: string, exportId: string): Promise<TExportStatus | null>;
  /** The stored exports, for the orphan sweep. */
  storedFiles: StoredFiles;
}

interface ExportRecord {
  owner: string;
  fileName: string;
  total: number;
  done: number;
  status: TExportStatus['status'];
  error: string | null;
  updatedAt: string;
}

const PREFIX = 'exports/';
/** How often a running export's record is written (progress and a heartbeat). */
const WRITE_EVERY_MS = 500;
/** A running export whose record has not been written for this long stopped with its process. */
export const EXPORT_STALE_MS = 30_000;

export function createBackgroundExports(deps: {
  storage: Storage;
  downloads: SignedDownloads;
  log: FastifyBaseLogger;
}): BackgroundExports {
  const { storage, downloads, log } = deps;
  const recordKey = (id: string) => `${PREFIX}${id}/record.json`;
  const fileKey = (id: string) => `${PREFIX}${id}/file`;
  const write = (id: string, record: ExportRecord) =>
    storage.put(
      recordKey(id),
      Buffer.from(JSON.stringify({ ...record, updatedAt: new Date().toISOString() })),
      'application/json',
    );

  return {
    async start(owner, format, fileName, table) {
      const id = randomUUID();
      const record: ExportRecord = {
        owner,
        fileName,
        total: table.rows.length,
        done: 0,
        status: 'running',
        error: null,
        updatedAt: new Date().toISOString(),
      };
      await write(id, record);
      // One write at a time, in order: the last one written is the latest state.
      let writing: Promise<void> = Promise.resolve();
      const save = () => {
        writing = writing
          .then(() => write(id, record))
          .catch((error: unknown) => log.warn({ err: error, exportId: id }, 'export progress not saved'));
        return writing;
      };
      const heartbeat = setInterval(save, WRITE_EVERY_MS);
      heartbeat.unref();
      void renderInWorker(format, table, (done) => {
        record.done = done;
      })
        .then(async (body) => {
          await storage.put(fileKey(id), body, CONTENT_TYPES[format]);
          record.done = record.total;
          record.status = 'ready';
        })
        .catch((error: unknown) => {
          log.error({ err: error, exportId: id }, 'export failed');
          record.status = 'failed';
          record.error = 'The export could not be prepared. Please try again.';
        })
        .finally(() => {
          clearInterval(heartbeat);
          return save();
        });
      return { export_id: id, total: record.total };
    },

    async status(owner, exportId) {
      const stored = await storage.get(recordKey(exportId));
      if (!stored) return null;
      const record = JSON.parse(stored.bytes.toString('utf8')) as ExportRecord;
      if (record.owner !== owner) return null;
      const stopped =
        record.status === 'running' && Date.now() - Date.parse(record.updatedAt) > EXPORT_STALE_MS;
      const status = stopped ? 'failed' : record.status;
      return {
        export_id: exportId,
        status,
        done: record.done,
        total: record.total,
        file_name: record.fileName,
        url:
          status === 'ready'
            ? (await downloads.url({ key: fileKey(exportId), filename: record.fileName })).url
            : null,
        error: stopped ? 'The export stopped before it was ready. Please try again.' : record.error,
      };
    },

    storedFiles: { prefix: PREFIX, referenced: async () => new Set<string>() },
  };
}
