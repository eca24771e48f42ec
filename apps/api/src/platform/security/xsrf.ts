import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../http/errors.ts';
import { requestIsUnder } from './guarded-path.ts';

export interface XsrfOptions {
  /** Set the cookie's Secure attribute (PUBLIC_URL is https). */
  secure: boolean;
  /**
   * The paths whose mutating requests must carry the pair (the API; /oidc has its own CSRF
   * protection). A route inside them that is called server to server and signed (a webhook) opts
   * out with `config: { xsrf: false }`.
   */
  prefixes: readonly string[];
}

export const XSRF_MESSAGE = 'Missing or invalid XSRF token.';
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a signed server-to-server route under a protected prefix needs no XSRF pair. */
    xsrf?: boolean;
  }
}

/**
 * Whether a mutating request must carry the pair: decided on the route that matched (its config
 * and pattern) and on the canonical path, never on the raw URL (guarded-path.ts).
 */
export function needsXsrfPair(request: FastifyRequest, prefixes: readonly string[]): boolean {
  if (!MUTATING_METHODS.has(request.method)) return false;
  if (request.routeOptions.config.xsrf === false) return false;
  return prefixes.some((prefix) => requestIsUnder(request, prefix));
}

/** The browser's XSRF cookie when it is well-formed (a page it is embedded in echoes it back). */
export function xsrfCookieOf(request: FastifyRequest): string | null {
  const cookie = request.cookies[XSRF_COOKIE_NAME];
  return typeof cookie === 'string' && TOKEN_SHAPE.test(cookie) ? cookie : null;
}

/** Whether two XSRF values are the same, in constant time. */
export function sameXsrfToken(a: string, b: string): boolean {
  return sameToken(a, b);
}

export function newXsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit cookie: the server sets a random, script-readable XSRF-TOKEN cookie when the browser
 * has none; every mutating API call must echo it in X-XSRF-TOKEN. A cross-site page can make the
 * browser send the cookie but cannot read it, so it cannot forge the header.
 */
export const xsrfProtection = fp(
  async (app: FastifyInstance, options: XsrfOptions) => {
    const headerName = XSRF_HEADER_NAME.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      const validCookie = xsrfCookieOf(request);
      // A server-to-server route (xsrf: false: partner API calls, networks' webhooks) has no browser
      // to give the cookie to.
      if (!validCookie && request.routeOptions.config.xsrf !== false) {
        reply.setCookie(XSRF_COOKIE_NAME, newXsrfToken(), {
          path: '/',
          sameSite: 'lax',
          secure: options.secure,
          httpOnly: false,
        });
      }
      if (!needsXsrfPair(request, options.prefixes)) return;
      const header = request.headers[headerName];
      if (!validCookie || typeof header !== 'string' || !sameToken(header, validCookie)) {
        throw new ForbiddenError(XSRF_MESSAGE);
      }
    });
  },
  { name: 'portico-xsrf' },
);
