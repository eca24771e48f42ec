import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestIsUnder } from './guarded-path.ts';

export interface SecurityHeadersOptions {
  /** Origins besides our own that the portal may call (an external OpenID provider's token endpoint). */
  extraConnectOrigins?: string[];
  /**
   * Paths whose responses hold one user's data (the secure prefix): never stored by a browser or a
   * proxy (`Cache-Control: no-store`) unless the route set its own caching.
   */
  privatePrefixes?: string[];
}

/** The Content-Security-Policy every page we serve carries (the SPA, Swagger UI, error pages). */
export function contentSecurityPolicy(extraConnectOrigins: string[] = []) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // MUI styles through emotion, which injects <style> elements at run time; without
    // 'unsafe-inline' (or a per-response nonce threaded into emotion's cache) every component
    // renders unstyled. Scripts stay 'self' only, which is what stops injected code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // 'self': stored files (/api/v1/files/...); data: profile images saved before file storage and
    // inline icons; blob: the local preview of a picture before it is uploaded.
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...extraConnectOrigins],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** Renders directives as a header value (for routes that must set the policy themselves). */
export function cspHeaderValue(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

/** helmet's headers on every response, with the strict policy above (no defaults merged in). */
export const securityHeaders = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(options.extraConnectOrigins),
      },
      // Same-origin app: no cross-origin embedding of our resources either.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Matches frame-ancestors 'none' for browsers that only know the older header.
      xFrameOptions: { action: 'deny' },
    });
    const privatePrefixes = options.privatePrefixes ?? [];
    app.addHook('onSend', async (request, reply) => {
      if (reply.hasHeader('cache-control')) return;
      if (privatePrefixes.some((prefix) => requestIsUnder(request, prefix)))
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'portico-security-headers' },
);
