import { parentPort } from 'node:worker_threads';
import { type ExportFormat, type ExportTable, renderHere } from './tables.ts';

/**
 * The export worker thread: renders the tables the process hands it (worker-pool.ts) off the
 * event loop that answers requests. Built as dist/export-worker.js beside dist/main.js.
 */
interface RenderRequest {
  id: number;
  format: ExportFormat;
  table: ExportTable;
}

parentPort?.on('message', (request: RenderRequest) => {
  renderHere(request.format, request.table).then(
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
