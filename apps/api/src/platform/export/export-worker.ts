import { parentPort } from 'node:worker_threads';
import { type ExportFormat, type ExportTable, renderHere } from './tables.ts';

/**
 * The export worker thread: renders the tables the process hands it (worker-pool.ts) off the
 * event loop that answers requests, posting the rows done when asked (large exports' progress).
 * Built as dist/export-worker.js beside dist/main.js.
 */
interface RenderRequest {
  id: number;
  format: ExportFormat;
  table: ExportTable;
  /** Post the rows rendered so far while rendering. */
  progress: boolean;
}

parentPort?.on('message', (request: RenderRequest) => {
  const onProgress = request.progress
    ? (done: number) => parentPort?.postMessage({ id: request.id, done })
    : undefined;
  renderHere(request.format, request.table, onProgress).then(
    (body) => {
      const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      parentPort?.postMessage({ id: request.id, body: bytes });
    },
    (error: unknown) => {
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      });
    },
  );
});
