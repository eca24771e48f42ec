import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NotFoundFallback } from '../http/error-handler.ts';
import { packageDir } from '../package-paths.ts';
import { canonicalPath } from '../security/guarded-path.ts';

/** apps/web/dist, where `vite build` writes the portal. */
export const DEFAULT_WEB_DIST_DIR = path.resolve(packageDir('@portico/api'), '../web/dist');

/** Paths that belong to the server, never to the SPA: unknown ones there are real 404s. */
const SERVER_PREFIXES = ['/api', '/oidc', '/sandbox', '/healthz', '/readyz'];

function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built portal: hashed assets with a long cache, and index.html (never cached) for any
 * other GET that wants HTML and is not a server path, so client-side routes survive a reload.
 * Returns the not-found fallback, or null when there is no build to serve.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
): Promise<NotFoundFallback | null> {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn(
      { distDir },
      'no web build found (run `npm run build -w @portico/web`); serving the API only',
    );
    return null;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts).
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0] ?? '/';
    // Any spelling of a server path (`/%61pi/...`, `//api/...`) is the server's 404, not the app shell.
    if (isServerPath(canonicalPath(pathname)) || !acceptsHtml(request)) return false;
    // A missing file with an extension (an old hashed chunk) is a real 404, not the app shell.
    if (path.extname(pathname) !== '') return false;
    await reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    return true;
  };
}
