import { randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../http/errors.ts';

export interface XsrfOptions {
  /** Set the cookie's Secure attribute (PUBLIC_URL is https). */
  secure: boolean;
  /** Whether a mutating request must carry the pair (the API does; /oidc has its own CSRF protection). */
  protects: (request: FastifyRequest) => boolean;
}

export const XSRF_MESSAGE = 'Missing or invalid XSRF token.';
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

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
      const cookie = request.cookies[XSRF_COOKIE_NAME];
      const validCookie = typeof cookie === 'string' && TOKEN_SHAPE.test(cookie) ? cookie : undefined;
      if (!validCookie) {
        reply.setCookie(XSRF_COOKIE_NAME, newXsrfToken(), {
          path: '/',
          sameSite: 'lax',
          secure: options.secure,
          httpOnly: false,
        });
      }
      if (!MUTATING_METHODS.has(request.method) || !options.protects(request)) return;
      const header = request.headers[headerName];
      if (!validCookie || typeof header !== 'string' || !sameToken(header, validCookie)) {
        throw new ForbiddenError(XSRF_MESSAGE);
      }
    });
  },
  { name: 'portico-xsrf' },
);
