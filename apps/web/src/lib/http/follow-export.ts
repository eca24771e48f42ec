import { STATUS_CODE, ZExportStarted, ZExportStatus } from '@portico/domain';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import { parseResponse } from './client';
import { endExportProgress, reportExportProgress } from './export-progress';

/** How often a background export's progress is asked for. */
const POLL_MS = 500;

/**
 * Follows a large export the server renders in the background (its 202 answer's data) until it is
 * ready, reporting its progress to the export panel, and answers the file's signed link; a failed
 * export throws with its reason.
 */
export async function followExport(
  url: string,
  started: unknown,
  get: <T>(path: string, schema: ZodType<T>) => Promise<T>,
): Promise<string> {
  const { export_id: id, total } = parseResponse(ZExportStarted, started, {
    method: 'GET',
    url,
    httpStatus: 202,
  });
  reportExportProgress({ id, fileName: null, done: 0, total });
  try {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const status = await get(`/secure/exports/${id}`, ZExportStatus);
      if (status.status === 'failed') {
        throw new ApiError(status.error ?? 'The export could not be prepared. Please try again.', {
          statusCode: STATUS_CODE.failed,
          httpStatus: 200,
        });
      }
      reportExportProgress({ id, fileName: status.file_name, done: status.done, total: status.total });
      if (status.status === 'ready' && status.url) return status.url;
    }
  } finally {
    endExportProgress(id);
  }
}
