import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { packageDir } from '../package-paths.ts';

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const assetsDir = path.join(packageDir('@portico/api'), 'src/platform/oidc/assets');
const require = createRequire(import.meta.url);
const FONT_WEIGHTS = [400, 500, 600];

function asset(file: string, type: string, cacheControl: string): Asset {
  const body = readFileSync(file);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, type, etag, cacheControl };
}

/** Everything the sign-in pages load, read once at start; fonts are Poppins from @fontsource/poppins. */
function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>([
    ['signin.css', asset(path.join(assetsDir, 'signin.css'), 'text/css; charset=utf-8', 'no-cache')],
    ['sign-out.js', asset(path.join(assetsDir, 'sign-out.js'), 'text/javascript; charset=utf-8', 'no-cache')],
  ]);
  for (const weight of FONT_WEIGHTS) {
    const name = `poppins-latin-${weight}-normal.woff2`;
    const file = require.resolve(`@fontsource/poppins/files/${name}`);
    assets.set(`fonts/${name}`, asset(file, 'font/woff2', 'public, max-age=31536000, immutable'));
  }
  return assets;
}

/** GET /assets/* (under the plugin's prefix): the stylesheet, the sign-out script and the fonts. */
export const identityAssets: FastifyPluginAsync = async (app) => {
  const assets = loadAssets();
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const found = assets.get(request.params['*']);
    if (!found) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    reply.header('cache-control', found.cacheControl).header('etag', found.etag);
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.type(found.type).send(found.body);
  });
};
