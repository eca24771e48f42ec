import { Worker } from 'node:worker_threads';
import type { ExportFormat, ExportTable, RenderProgress } from './tables.ts';

interface Pending {
  resolve(body: Buffer): void;
  reject(error: Error): void;
  onProgress?: RenderProgress | undefined;
}

/**
 * The export worker thread: its own file beside the bundle in the production build
 * (dist/export-worker.js beside dist/main.js); in development and tests the TypeScript source,
 * loaded through tsx's loader registered in the thread first.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./export-worker.js', here));
  const source = new URL('./export-worker.ts', here).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
  worker = undefined;
}

/** One worker thread per process, started on the first large export; it does not keep the process alive. */
function theWorker(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.unref();
  started.on('message', (message: { id: number; done?: number; body?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    if (message.done !== undefined) {
      job.onProgress?.(message.done);
      return;
    }
    pending.delete(message.id);
    if (message.body)
      job.resolve(Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength));
    else job.reject(new Error(`the export could not be rendered: ${message.error ?? 'unknown error'}`));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`the export worker stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

/**
 * Renders a table in the export worker thread (rows are copied to it; the file comes back), with
 * the rows rendered so far passed to onProgress while it goes.
 */
export function renderInWorker(
  format: ExportFormat,
  table: ExportTable,
  onProgress?: RenderProgress,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, onProgress });
    theWorker().postMessage({ id, format, table, progress: onProgress !== undefined });
  });
}
