import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../http/errors.ts';
import { isStorageKey, type Storage } from './storage.ts';

/** Served inline; everything else is a download, so a stored file never renders as a page of ours. */
const INLINE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg', 'image/gif']);
const NOT_FOUND = 'File not found.';
/**
 * The only keys served here: pictures meant to be seen by anyone with the page (profile images, bot
 * logos and banners under public/). Private files (business documents, LOAs) are under private/ and
 * leave only through signed links (platform/uploads/signed-downloads.ts).
 */
export const PUBLIC_KEY_PREFIXES = ['profile-images/', 'public/'] as const;

/**
 * GET /api/v1/files/<key>: public, because <img> cannot send a Bearer token; keys hold random ids
 * nobody can guess. Objects are never rewritten under the same key (a new upload gets a new key),
 * so they are cached for a year as immutable.
 */
export function filesRoutes(storage: Storage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/*',
      {
        // Immutable and cached like the web app's own assets: not counted by the rate limit.
        config: { rateLimit: false },
        schema: {
          tags: ['files'],
          summary: 'A stored file (profile images): public, cached as immutable',
          params: z.object({ '*': z.string() }),
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        if (!isStorageKey(key) || !PUBLIC_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) {
          throw new NotFoundError(NOT_FOUND);
        }
        const file = await storage.get(key);
        if (!file) throw new NotFoundError(NOT_FOUND);
        const inline = INLINE_TYPES.has(file.contentType);
        const name = key.slice(key.lastIndexOf('/') + 1);
        return (
          reply
            .header('content-type', inline ? file.contentType : 'application/octet-stream')
            .header('content-length', file.bytes.length)
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff')
            .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
            // Opened on its own, a file may not run anything or load anything.
            .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
            .send(file.bytes)
        );
      },
    );
  };
}
