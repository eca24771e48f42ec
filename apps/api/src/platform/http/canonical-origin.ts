import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface CanonicalOriginOptions {
  /** PUBLIC_URL: the one origin sign-in is set up for (the provider's issuer and redirect URIs). */
  publicUrl: string;
  /** Paths a browser never navigates to as a page (API calls, probes, webhooks): left alone. */
  exempt: readonly string[];
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * A person's browser opening a page (every current browser marks a navigation with
 * Sec-Fetch-Mode: navigate), not a script, an API client or a probe.
 */
function isPageNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers['sec-fetch-mode'] === 'navigate'
  );
}

/**
 * A browser that reached the portal on another host than PUBLIC_URL (127.0.0.1, a LAN name) is sent
 * to the same path on PUBLIC_URL before anything else happens: sign-in's redirect URI and cookies
 * belong to PUBLIC_URL, so starting elsewhere would dead-end on "redirect_uri did not match".
 */
export const canonicalOrigin = fp<CanonicalOriginOptions>(
  async (app, options) => {
    const canonical = new URL(options.publicUrl);
    app.addHook('onRequest', async (request, reply) => {
      if (!isPageNavigation(request)) return;
      if (request.host.toLowerCase() === canonical.host.toLowerCase()) return;
      const path = request.url.split('?')[0] ?? '/';
      if (options.exempt.some((prefix) => isUnder(path, prefix))) return;
      const target = new URL(request.url, canonical.origin);
      return reply.redirect(`${canonical.origin}${target.pathname}${target.search}`, 308);
    });
  },
  { name: 'portico-canonical-origin' },
);
