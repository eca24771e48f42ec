import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '../http/errors.ts';
import type { Storage } from '../storage/storage.ts';
import type { SignedDownloads } from './signed-downloads.ts';

/** A header-safe filename: ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(filename: string): string {
  const ascii =
    filename
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .slice(0, 150) || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename.slice(0, 150))}`;
}

/** GET /<token>: the object a signed link names, as an attachment that never renders as a page of ours. */
export function signedDownloadRoutes(deps: {
  storage: Storage;
  downloads: SignedDownloads;
}): FastifyPluginAsync {
  return async (app) => {
    // A wildcard, not a parameter: the token is longer than the router's parameter limit.
    app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
      const download = await deps.downloads.verify(request.params['*']);
      if (!download)
        throw new NotFoundError(
          'This download link has expired or is not valid. Open it again from the portal.',
        );
      const file = await deps.storage.get(download.key);
      if (!file) throw new NotFoundError('File not found.');
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.bytes.length)
        .header('content-disposition', contentDisposition(download.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    });
  };
}
