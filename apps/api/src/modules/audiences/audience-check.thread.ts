import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type {
  CheckBatch,
  CheckThreadInit,
  FromCheckThread,
  ToCheckThread,
} from './audience-check.protocol.ts';
import { AudienceFileError } from './audience-reader.ts';

/**
 * The worker's file: next to this module in the sources (run through tsx's loader in development
 * and tests), next to main.js in the production bundle (scripts/build.ts builds it as an entry).
 */
/** tsx's ESM API (its package's `./esm/api` import entry: the CommonJS one cannot register hooks in a thread). */
function tsxLoaderUrl(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx has no ./esm/api entry');
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

function startWorker(workerData: CheckThreadInit): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./audience-check.worker.js', import.meta.url), { workerData });
  // From the sources: the thread registers tsx's loader, then imports the worker's TypeScript.
  const tsx = tsxLoaderUrl();
  const entry = new URL('./audience-check.worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData },
  );
}

export interface CheckThreadHandlers {
  /** The file's personalised columns, from its header. */
  fields(fields: string[]): Promise<void>;
  /** Stores one batch of verdicts with the last line it covers (one unit of work). */
  batch(batch: CheckBatch): Promise<void>;
}

/**
 * Runs the check of one stored file in a worker thread, feeding it the file's bytes as it asks and
 * storing its batches in order; answers the data lines counted. A problem of the whole file rejects
 * with AudienceFileError; a handler's failure (the audience deleted, the database) stops the thread
 * and rejects with it.
 */
export function checkInThread(
  init: CheckThreadInit,
  source: Readable,
  handlers: CheckThreadHandlers,
): Promise<number> {
  const worker = startWorker(init);
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const post = (message: ToCheckThread, transfer: ArrayBuffer[] = []) =>
    worker.postMessage(message, transfer);
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, dataLines?: number) => {
      if (settled) return;
      settled = true;
      source.destroy();
      void worker.terminate();
      if (error) reject(error);
      else resolve(dataLines ?? 0);
    };
    // The file's bytes are read on their own chain, so the thread checks on while a batch is
    // stored; every other message is handled after the one before it (batches stored in order).
    let reading = Promise.resolve();
    let queue = Promise.resolve();
    worker.on('message', (message: FromCheckThread) => {
      if (message.type === 'more') {
        reading = reading
          .then(async () => {
            if (settled) return;
            const next = await chunks.next();
            if (settled) return;
            if (next.done) post({ type: 'chunk', bytes: null });
            else {
              const bytes = Uint8Array.from(next.value);
              post({ type: 'chunk', bytes }, [bytes.buffer]);
            }
          })
          // After the batch being stored (if any): the check is over when it rejects.
          .catch((error: unknown) => {
            queue = queue.then(() => finish(error));
          });
        return;
      }
      queue = queue
        .then(async () => {
          if (settled) return;
          switch (message.type) {
            case 'fields':
              await handlers.fields(message.fields);
              return;
            case 'batch':
              await handlers.batch({
                candidates: message.candidates,
                refused: message.refused,
                lastLine: message.lastLine,
              });
              post({ type: 'stored' });
              return;
            case 'done':
              finish(null, message.dataLines);
              return;
            case 'failed':
              finish(
                message.fileProblem ? new AudienceFileError(message.message) : new Error(message.message),
              );
              return;
          }
        })
        .catch((error: unknown) => finish(error));
    });
    worker.on('error', (error) => finish(error));
    worker.on('exit', (code) => {
      queue = queue.then(() => finish(new Error(`the checking thread stopped (exit code ${code})`)));
    });
  });
}
