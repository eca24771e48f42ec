import {
  ZContentId,
  ZEnvelope,
  ZListResult,
  ZPressRelease,
  ZPublicPressReleasesQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failed, ok } from '../../platform/http/envelope.ts';
import { NotFoundError } from '../../platform/http/errors.ts';
import type { ContentService } from './content.service.ts';
import { parseRange } from './range.ts';

const tags = ['content'];
const MEDIA_GONE = 'This media link has expired or is not valid. Open the video again from the portal.';
/** Served inline (a <video>, <track> or poster <img>); anything else would be an attachment. */
const INLINE_MEDIA = new Set([
  'video/mp4',
  'video/webm',
  'text/vtt',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);

/** Public routes (no token): published press releases, and video media by signed link with HTTP Range. */
export function contentPublicRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/press-releases',
      {
        schema: {
          tags,
          summary: 'Published press releases whose publish date has come (anyone)',
          querystring: ZPublicPressReleasesQuery,
          response: { 200: ZEnvelope(ZListResult(ZPressRelease)) },
        },
      },
      async (request) => ok(await content.publicPressReleases(request.query)),
    );
    app.get(
      '/press-releases/:id',
      {
        schema: {
          tags,
          summary: 'One published press release (anyone)',
          params: ZContentId,
          response: { 200: ZEnvelope(ZPressRelease) },
        },
      },
      async (request) => ok(await content.publicPressRelease(request.params.id)),
    );

    // <video> and <track> cannot send a Bearer token: the list hands out signed links to these.
    app.get(
      '/content/media/*',
      {
        config: { rateLimit: false },
        schema: {
          tags,
          summary:
            'A video, its poster or captions by signed link; Range requests answer 206, a bad range 416',
          params: z.object({ '*': z.string() }),
        },
      },
      async (request, reply) => {
        const file = await content.media(request.params['*']);
        if (!file) throw new NotFoundError(MEDIA_GONE);
        const size = file.bytes.length;
        const type = INLINE_MEDIA.has(file.contentType) ? file.contentType : 'application/octet-stream';
        reply
          .header('content-type', type)
          .header('accept-ranges', 'bytes')
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox");
        const range = parseRange(request.headers.range, size);
        if (range === 'unsatisfiable') {
          return reply
            .code(416)
            .header('content-range', `bytes */${size}`)
            .header('content-type', 'application/json; charset=utf-8')
            .send(failed('The requested range is outside the file.'));
        }
        if (!range) return reply.header('content-length', size).send(file.bytes);
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(file.bytes.subarray(range.start, range.end + 1));
      },
    );
  };
}
